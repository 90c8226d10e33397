import Hardware
import HardwareTestSupport
import POSFoundation
import Testing

/// The issue "A frame cut short ends like silence": a terminal sends a final status (04 0F) whose length field
/// promises more bytes than it sends, then falls silent. The driver's frame-completion limit (TCP) or T1 (serial)
/// drops the frame, the state machine counts the silence from the terminal's last byte, and the payment ends
/// within the silence limit plus the abort's T3, settled with the terminal (Status Enquiry, Repeat Receipt) and
/// never sent twice. The clock is a ``ManualClock`` moved exactly to each limit once its timer is pending.
@Suite struct ZVTCardReaderFrameCutShortTests {
    typealias Scripted = ZVTCardReaderScriptedTests
    static let timeouts = ZVTTimeouts.standard
    static let abort: [UInt8] = [0x06, 0xB0, 0x00]
    /// The status cut short: its length byte says 0x36, and 17 of those bytes follow.
    static let cutStatus = Array(Scripted.statusInformation.prefix(20))
    /// Receipt 470 is the status's; 469 was the terminal's last before the attempt.
    static let request = PaymentRequest(amount: Scripted.amount, previousReceiptNumber: 469)

    static func enquiry() throws -> [UInt8] {
        try ZVTCommand.statusEnquiry(password: nil, serviceByte: nil).apdu().encoded()
    }

    static func repeatReceipt() throws -> [UInt8] {
        try ZVTCommand.repeatReceipt(password: .zero).apdu().encoded()
    }

    func reader(_ transport: ScriptedTransport, framing: ZVTCardReader.Framing, clock: ManualClock) -> ZVTCardReader {
        ZVTCardReader(transport: transport, framing: framing, address: Scripted.address, currency: .eur, clock: clock,
                      timeouts: Self.timeouts, registers: false)
    }

    /// Moves the clock to each limit in turn, once a timer of exactly that length is pending.
    func runOut(_ limits: [Duration], on clock: ManualClock) async {
        for limit in limits {
            await clock.waitForSleeper(dueIn: limit)
            clock.advance(by: limit)
        }
    }

    @Test func payment_finalStatusCutShortOverTCP_endsWithinTheSilenceLimitSettledWithTheTerminal() async throws {
        // Given: a prompt without a timeout byte (T4, 180 s, would run), then the status cut short, then silence;
        // the terminal acknowledges the abort and no more (too late: it booked)
        let clock = ManualClock()
        let transport = ScriptedTransport([
            .expectWrite(Scripted.authorization), .reply(Scripted.ack), .reply([0x04, 0xFF, 0x01, 0x0A]),
            .expectWrite(Scripted.ack), .reply(Self.cutStatus),
            .expectWrite(Self.abort), .reply(Scripted.ack),
            .expectWrite(try Self.enquiry()), .reply(Scripted.ack + Scripted.completion), .expectWrite(Scripted.ack),
            .expectWrite(try Self.repeatReceipt()), .reply(Scripted.ack + Scripted.statusInformation),
            .expectWrite(Scripted.ack), .reply(Scripted.completion), .expectWrite(Scripted.ack),
        ])
        let reader = reader(transport, framing: .bareAPDU, clock: clock)
        try await reader.open()

        // When: the frame-completion limit, the rest of the silence limit, the abort's T3 (T4 pending first shows
        // the prompt was read, so the Authorisation's T3, also 5 s, is gone and the 5 s sleeper is the frame's)
        let payment = Task { try await reader.perform(.payment(Self.request)) { _ in } }
        await clock.waitForSleeper(dueIn: Self.timeouts.completion)
        let frameLimit = Self.timeouts.frameCompletionLimit
        await runOut([frameLimit, Self.timeouts.silenceAfterAcknowledge - frameLimit, Self.timeouts.acknowledge], on: clock)
        let outcome = try await payment.value

        // Then
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.receiptNumber == 470)
        #expect(clock.now.offset <= Self.timeouts.silenceAfterAcknowledge + Self.timeouts.acknowledge)
        #expect(transport.trace.filter { $0 == .wrote(Scripted.authorization) }.count == 1, "the payment was sent twice")
        #expect(transport.mismatch == nil)
        #expect(transport.remainingSteps.isEmpty)
        await reader.close()
    }

    @Test func payment_finalStatusFrameStopsMidwayOverSerial_endsWithinTheSilenceLimitSettledWithTheTerminal() async throws {
        // Given: over serial the status frame stops mid-way (no DLE ETX, no CRC); the terminal answers the abort with
        // 06 1E, which cannot show that the lost message was not the approval
        func frame(_ bytes: [UInt8]) -> [UInt8] { ZVTSerialFrameSerializer.frame(payload: bytes) }
        let ackByte: [UInt8] = [0x06]
        let nak: [UInt8] = [0x15]
        /// The terminal sends `apdu`; the counter ACKs the frame and answers 80 00 00, which the terminal ACKs.
        func message(_ apdu: [UInt8]) -> [ScriptedTransport.Step] {
            [.reply(frame(apdu)), .expectWrite(ackByte), .expectWrite(frame(Scripted.ack)), .reply(ackByte)]
        }
        /// The counter sends `apdu`; the terminal ACKs the frame and answers 80 00 00, which the counter ACKs.
        func command(_ apdu: [UInt8]) -> [ScriptedTransport.Step] {
            [.expectWrite(frame(apdu)), .reply(ackByte + frame(Scripted.ack)), .expectWrite(ackByte)]
        }
        let clock = ManualClock()
        let transport = ScriptedTransport(
            command(Scripted.authorization) + message([0x04, 0xFF, 0x01, 0x0A])
                + [.reply(Array(frame(Self.cutStatus).dropLast(4))), .expectWrite(nak)]
                + command(Self.abort) + message([0x06, 0x1E, 0x01, 0x6C])
                + command(try Self.enquiry()) + message(Scripted.completion)
                + command(try Self.repeatReceipt()) + message(Scripted.statusInformation) + message(Scripted.completion)
        )
        let reader = reader(transport, framing: .serial, clock: clock)
        try await reader.open()

        // When: T1, then the rest of the silence limit
        let payment = Task { try await reader.perform(.payment(Self.request)) { _ in } }
        let gap = Self.timeouts.interByte
        await runOut([gap, Self.timeouts.silenceAfterAcknowledge - gap], on: clock)
        let outcome = try await payment.value

        // Then
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.receiptNumber == 470)
        #expect(clock.now.offset <= Self.timeouts.silenceAfterAcknowledge)
        #expect(transport.trace.filter { $0 == .wrote(frame(Scripted.authorization)) }.count == 1, "the payment was sent twice")
        #expect(transport.mismatch == nil)
        #expect(transport.remainingSteps.isEmpty)
        await reader.close()
    }

    @Test func payment_slowButWholeAPDUOverTCP_isNotCutShort() async throws {
        // Given: the test plays the terminal on a pipe; the status arrives in two parts, the second 1 ms inside the
        // frame-completion limit
        let clock = ManualClock()
        let (counter, terminal) = PipeTransport.pair()
        let reader = ZVTCardReader(transport: counter, framing: .bareAPDU, address: Scripted.address, currency: .eur,
                                   clock: clock, timeouts: Self.timeouts, registers: false)
        try await reader.open()
        let payment = Task { try await reader.perform(.payment(Self.request)) { _ in } }
        #expect(try await read(Scripted.authorization.count, from: terminal) == Scripted.authorization)
        try await terminal.write(Scripted.ack + Self.cutStatus)
        let frameLimit = Self.timeouts.frameCompletionLimit
        await clock.waitForSleeper(dueIn: Self.timeouts.silenceAfterAcknowledge)  // the acknowledgement was read
        await clock.waitForSleeper(dueIn: frameLimit)
        clock.advance(by: frameLimit - .milliseconds(1))

        // When: the rest of the status, then the Completion
        try await terminal.write(Array(Scripted.statusInformation.dropFirst(Self.cutStatus.count)))
        #expect(try await read(3, from: terminal) == Scripted.ack)
        try await terminal.write(Scripted.completion)
        let outcome = try await payment.value

        // Then: approved as sent, no abort
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.receiptNumber == 470)
        #expect(try await read(3, from: terminal) == Scripted.ack)
        await reader.close()
    }

    /// Reads exactly `count` bytes the counter wrote.
    private func read(_ count: Int, from terminal: PipeTransport) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            bytes += try await terminal.read(maxLength: count - bytes.count, timeout: .seconds(60))
        }
        return bytes
    }
}
