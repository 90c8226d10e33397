import Hardware
import HardwareTestSupport
import POSFoundation
import Synchronization
import Testing

/// The ZVT driver actor against golden exchanges played byte for byte by ``ScriptedTransport``.
@Suite struct ZVTCardReaderScriptedTests {
    static let address = ReaderAddress(terminalProtocol: .zvt, link: .tcp(host: "192.0.2.10", port: 20007))
    static let amount = Money(minorUnits: 1250, currency: .eur)
    /// 06 01: amount 12.50 and currency EUR.
    static let authorization: [UInt8] = [0x06, 0x01, 0x0A, 0x04, 0, 0, 0, 0, 0x12, 0x50, 0x49, 0x09, 0x78]
    static let ack: [UInt8] = [0x80, 0x00, 0x00]
    /// The Status Information of reference/zvt.md "Observed exchange over TCP".
    static let statusInformation: [UInt8] = [0x04, 0x0F, 0x36, 0x27, 0x00, 0x04, 0, 0, 0, 0, 0x12, 0x50, 0x0B, 0x00, 0x04,
        0x70, 0x22, 0xF0, 0xF8, 0x67, 0x99, 0x99, 0xEE, 0xEE, 0xEE, 0x00, 0x10, 0x87, 0x04, 0x70, 0x8B, 0xF1, 0xF6]
        + Array("Debit Mastercard".utf8) + [0x29, 0x29, 0x00, 0x12, 0x34, 0x49, 0x09, 0x78]
    static let completion: [UInt8] = [0x06, 0x0F, 0x00]

    func reader(_ transport: ScriptedTransport, framing: ZVTCardReader.Framing = .bareAPDU,
                clock: any Clock<Duration> = ManualClock()) -> ZVTCardReader {
        ZVTCardReader(transport: transport, framing: framing, address: Self.address, currency: .eur, clock: clock,
                      registers: false)
    }

    @Test func payment_terminalApproves_returnsMaskedResultAndPrompts() async throws {
        // Given
        let transport = ScriptedTransport([
            .expectWrite(Self.authorization), .reply(Self.ack), .reply([0x04, 0xFF, 0x01, 0x0A]),
            .expectWrite(Self.ack), .reply(Self.statusInformation), .expectWrite(Self.ack),
            .reply(Self.completion), .expectWrite(Self.ack),
        ])
        let reader = reader(transport)
        try await reader.open()
        let prompts = PromptRecorder()

        // When
        let outcome = try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { prompts.record($0) }

        // Then
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.amount == Self.amount)
        #expect(result.maskedPAN?.lastFour == "0010")
        #expect(result.cardName == "Debit Mastercard")
        #expect(result.receiptNumber == 470)
        #expect(prompts.prompts.map(\.kind) == [.insertCard])
        #expect(transport.mismatch == nil)
        #expect(transport.remainingSteps.isEmpty)
        await reader.close()
    }

    @Test func payment_terminalDeclines_throwsDeclinedWithResultCode() async throws {
        // Given
        let transport = ScriptedTransport([
            .expectWrite(Self.authorization), .reply(Self.ack), .reply([0x04, 0x0F, 0x02, 0x27, 0x05]),
            .expectWrite(Self.ack), .reply([0x06, 0x1E, 0x01, 0x05]), .expectWrite(Self.ack),
        ])
        let reader = reader(transport)
        try await reader.open()

        // When
        let error = await #expect(throws: CardReaderError.self) {
            _ = try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { _ in }
        }

        // Then
        #expect(error?.underlying == .declined)
        #expect(error?.resultCode == ZVTResultCode(rawValue: 0x05))
        #expect(transport.mismatch == nil)
        await reader.close()
    }

    @Test func payment_lineDropsAfterPrompt_endsOutcomeUnknownWithoutResending() async throws {
        // Given
        let transport = ScriptedTransport([
            .expectWrite(Self.authorization), .reply(Self.ack), .reply([0x04, 0xFF, 0x01, 0x0A]),
            .expectWrite(Self.ack), .dropLine,
        ])
        let reader = reader(transport)
        try await reader.open()

        // When
        let outcome = try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { _ in }

        // Then
        guard case .outcomeUnknown(let unknown) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(unknown.reason == "the connection to the terminal was lost during the payment")
        #expect(!unknown.reason.contains("transportFailed"))
        #expect(unknown.amount == Self.amount)
        let authorizations = transport.trace.filter { $0 == .wrote(Self.authorization) }
        #expect(authorizations.count == 1)
    }

    @Test func payment_terminalFallsSilent_abortsTriesToSettleAndEndsOutcomeUnknownInCashierWords() async throws {
        // Given
        let clock = ManualClock()
        let transport = ScriptedTransport([.expectWrite(Self.authorization), .reply(Self.ack)])
        let reader = reader(transport, clock: clock)
        try await reader.open()

        // When: each limit runs out in turn, the clock moved exactly to it once its timer is pending
        let payment = Task { try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { _ in } }
        for limit: Duration in [.seconds(15), .seconds(5), .seconds(5)] {  // silence, abort answer, Status Enquiry's T3
            await clock.waitForSleeper(dueIn: limit)
            clock.advance(by: limit)
        }
        let outcome = try await payment.value

        // Then
        guard case .outcomeUnknown(let unknown) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(unknown.reason == "the terminal stopped answering during the payment")
        #expect(transport.trace.contains(.wrote([0x06, 0xB0, 0x00])), "no abort after the silence")
        #expect(transport.trace.contains(.wrote([0x05, 0x01, 0x00])), "no Status Enquiry to settle it")
        #expect(transport.trace.filter { $0 == .wrote(Self.authorization) }.count == 1)
        await reader.close()
    }

    @Test func payment_overSerialLink_framesAcknowledgesAndApproves() async throws {
        // Given
        func frame(_ bytes: [UInt8]) -> [UInt8] { ZVTSerialFrameSerializer.frame(payload: bytes) }
        let ackByte: [UInt8] = [0x06]
        let transport = ScriptedTransport([
            .expectWrite(frame(Self.authorization)), .reply(ackByte + frame(Self.ack)), .expectWrite(ackByte),
            .reply(frame(Self.statusInformation)), .expectWrite(ackByte), .expectWrite(frame(Self.ack)),
            .reply(ackByte + frame(Self.completion)), .expectWrite(ackByte), .expectWrite(frame(Self.ack)),
            .reply(ackByte),
        ])
        let reader = reader(transport, framing: .serial)
        try await reader.open()

        // When
        let outcome = try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { _ in }

        // Then
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.maskedPAN?.lastFour == "0010")
        #expect(transport.mismatch == nil)
        await reader.close()
    }

    /// Regression (fault matrix, ZVT serial "Authorization sent × NAK storm"): the terminal NAK'd every copy of the
    /// Authorisation, so it never took it; the driver used to report an unknown outcome that blocked the order.
    @Test func payment_serialTerminalRefusesEveryCopy_failsNotChargedInsteadOfUnknown() async throws {
        // Given
        let frame = ZVTSerialFrameSerializer.frame(payload: Self.authorization)
        let nak: [UInt8] = [0x15]
        let transport = ScriptedTransport([
            .expectWrite(frame), .reply(nak), .expectWrite(frame), .reply(nak),
            .expectWrite(frame), .reply(nak), .expectWrite(frame), .reply(nak),
        ])
        let reader = reader(transport, framing: .serial)
        try await reader.open()

        // When
        let error = await #expect(throws: CardReaderError.self) {
            _ = try await reader.perform(.payment(PaymentRequest(amount: Self.amount))) { _ in }
        }

        // Then
        #expect(error?.phase == .authorization)
        #expect(error?.underlying == .transportFailed)
        #expect(transport.mismatch == nil)
        #expect(transport.remainingSteps.isEmpty)
        await reader.close()
    }

    @Test func resolution_lastReceiptUnchanged_isNotCharged() {
        // Given
        let unknown = UnknownCardOutcome(reader: "zvt+tcp://x:1", kind: .payment, amount: Self.amount, reason: "transportFailed",
                                         previousReceiptNumber: 7)
        let last = PaymentResult(amount: Self.amount, receiptNumber: 7)

        // When
        let resolution = ZVTCardReader.resolution(of: unknown, lastTransaction: last)

        // Then
        #expect(resolution == .notCharged)
    }
}

/// Collects prompts from a progress callback.
final class PromptRecorder: Sendable {
    private let storage = Mutex<[CardReaderPrompt]>([])
    var prompts: [CardReaderPrompt] { storage.withLock { $0 } }
    func record(_ step: PaymentProgress) {
        if case .prompt(let prompt) = step { storage.withLock { $0.append(prompt) } }
    }
}
