import Foundation
import Hardware
import HardwareTestSupport
import POSFoundation
import Synchronization
import Testing
import TerminalSimulator

/// The ZVT driver and the service against the simulator over an in-memory pipe, bare and serial.
@Suite struct ZVTSimulatorPipeTests {
    static let address = ReaderAddress(terminalProtocol: .zvt, link: .tcp(host: "127.0.0.1", port: 20007))
    static let amount = Money(minorUnits: 1250, currency: .eur)

    /// Starts a simulator on a fresh pipe and returns the service connected to it. The driver's timers run on
    /// `clock`, a ``ManualClock`` that nothing advances unless a test does: no timer can overtake the simulator's
    /// answers on a loaded machine.
    static func connect(
        script: TerminalScript, ledger: TerminalLedger, framing: ZVTCardReader.Framing = .bareAPDU,
        timeouts: ZVTTimeouts = .standard, clock: ManualClock = ManualClock(),
        announce: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> (DefaultCardReaderService, Task<Void, Never>) {
        let (counter, terminal) = PipeTransport.pair()
        let engine = ZVTTerminalEngine(framing: framing, script: script, ledger: ledger, announce: announce)
        let server = Task { await engine.serve(terminal) }
        let service = DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
            ZVTCardReader(transport: counter, framing: framing, address: address, currency: .eur, clock: clock,
                          timeouts: timeouts)
        })
        _ = try await service.connect(address)
        return (service, server)
    }

    static func collect(_ stream: AsyncThrowingStream<PaymentProgress, any Error>) async throws -> [PaymentProgress] {
        var steps: [PaymentProgress] = []
        for try await step in stream { steps.append(step) }
        return steps
    }

    @Test func payment_simulatorApproves_streamsPromptsSlipAndMaskedResult() async throws {
        // Given
        let ledger = TerminalLedger()
        let (service, server) = try await Self.connect(script: TerminalScript(), ledger: ledger)

        // When
        let steps = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount, reference: "#1")))

        // Then
        guard case .completed(let result)? = steps.last else { Issue.record("no result: \(steps)"); return }
        #expect(result.maskedPAN?.description == "************0434")
        #expect(result.cardName == "Debit Mastercard")
        #expect(result.approvalCode?.isEmpty == false)
        #expect(result.applicationID == "A0000000041010")
        #expect(result.entryMode == .chip)
        #expect(result.verification == .onlinePIN)
        #expect(result.slipLines.contains("APPROVED"))
        #expect(steps.contains { if case .prompt(let p) = $0 { p.kind == .insertCard } else { false } })
        #expect(!result.slipLines.joined().contains("5413330089010434"))
        #expect(ledger.approvals.count == 1)
        await service.disconnect()
        server.cancel()
    }

    @Test func payment_simulatorDeclines_throwsWithResultCodeAndBooksNoApproval() async throws {
        // Given
        let ledger = TerminalLedger()
        let (service, server) = try await Self.connect(script: TerminalScript(outcomes: [.decline(0x05)]), ledger: ledger)

        // When
        let error = await #expect(throws: CardReaderError.self) {
            _ = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))
        }

        // Then
        #expect(error?.underlying == .declined)
        #expect(error?.resultCode?.rawValue == 0x05)
        #expect(ledger.approvals.isEmpty)
        await service.disconnect()
        server.cancel()
    }

    @Test func payment_serialLinkWithFirstFrameNAKed_repeatsFrameAndApproves() async throws {
        // Given
        let ledger = TerminalLedger()
        let script = TerminalScript(naksFirstFrame: true)
        let (service, server) = try await Self.connect(script: script, ledger: ledger, framing: .serial)

        // When
        let steps = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))

        // Then
        guard case .completed(let result)? = steps.last else { Issue.record("no result: \(steps)"); return }
        #expect(result.amount == Self.amount)
        #expect(ledger.approvals.count == 1)
        await service.disconnect()
        server.cancel()
    }

    @Test func payment_lineDroppedAfterApproval_resolvesToApprovalWithoutSecondCharge() async throws {
        // Given: the first payment is approved, the second is approved on the terminal and the line drops
        let ledger = TerminalLedger()
        let script = TerminalScript(outcomes: [.approve, .drop, .approve])
        let (service, server) = try await Self.connect(script: script, ledger: ledger)
        _ = try await Self.collect(service.collectPayment(PaymentRequest(amount: Money(minorUnits: 500, currency: .eur))))
        let steps = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))
        guard case .outcomeUnknown(let unknown)? = steps.last else { Issue.record("expected unknown: \(steps)"); return }
        server.cancel()

        // When: the counter reconnects and resolves
        let (again, server2) = try await Self.connect(script: script, ledger: ledger)
        let resolution = try await again.resolveUnknownOutcome(unknown)

        // Then
        guard case .approved(let result) = resolution else { Issue.record("expected approved, got \(resolution)"); return }
        #expect(result.amount == Self.amount)
        #expect(ledger.approvals.count == 2)
        await again.disconnect()
        server2.cancel()
    }

    @Test func payment_terminalSilentAfterAcknowledge_counterAbortsAndTheTerminalEndsItNotCharged() async throws {
        // Given: the terminal acknowledges the second payment and then says nothing, with no intermediate status
        let ledger = TerminalLedger()
        let clock = ManualClock()
        let (announcements, announcer) = AsyncStream<String>.makeStream()
        let script = TerminalScript(outcomes: [.approve, .silentAfterAcknowledge])
        let (service, server) = try await Self.connect(script: script, ledger: ledger, clock: clock,
                                                       announce: { announcer.yield($0) })
        _ = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))

        // When: the silence limit runs out (the clock moves only then), the counter aborts (06 B0), and the terminal
        // answers 06 1E 6C
        let payment = Task { try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount))) }
        var heard = announcements.makeAsyncIterator()
        while let line = await heard.next(), !line.hasPrefix("SILENT") {}
        await clock.waitForSleeper(dueIn: ZVTTimeouts.standard.silenceAfterAcknowledge)
        clock.advance(by: ZVTTimeouts.standard.silenceAfterAcknowledge)
        let error = await #expect(throws: CardReaderError.self) { _ = try await payment.value }

        // Then
        #expect(error?.underlying == .aborted)
        #expect(error?.resultCode == .abortedByTimeoutOrKey)
        #expect(error?.message == "Payment failed: cancelled.")
        #expect(ledger.approvals.count == 1)
        await service.disconnect()
        server.cancel()
    }

    /// The terminal's last transaction is the attempt, declined. Repeat Receipt brings its amount,
    /// receipt number and time to the matcher, which says "not charged" instead of "still unknown".
    @Test func resolve_lastTransactionIsTheAttemptDeclined_isNotCharged() async throws {
        // Given: an approved payment, then the attempt, declined with 05
        let ledger = TerminalLedger()
        let script = TerminalScript(outcomes: [.approve, .decline(0x05)], prompts: [])
        let (service, server) = try await Self.connect(script: script, ledger: ledger)
        let first = try await Self.collect(service.collectPayment(PaymentRequest(amount: Money(minorUnits: 500, currency: .eur))))
        guard case .completed(let earlier)? = first.last else { Issue.record("no first payment: \(first)"); return }
        let started = Int64(Date().timeIntervalSince1970)
        await #expect(throws: CardReaderError.self) {
            _ = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))
        }
        let unknown = UnknownCardOutcome(
            reader: Self.address.description, kind: .payment, amount: Self.amount, reason: "the line dropped",
            previousReceiptNumber: earlier.receiptNumber, startedAtUnixTime: started
        )

        // When
        let resolution = try await service.resolveUnknownOutcome(unknown)

        // Then
        #expect(resolution == .notCharged)
        #expect(ledger.approvals.count == 1)
        await service.disconnect()
        server.cancel()
    }

    @Test func reversalAndEndOfDay_afterPayment_reverseByReceiptAndReportTotals() async throws {
        // Given
        let ledger = TerminalLedger()
        let (service, server) = try await Self.connect(script: TerminalScript(prompts: []), ledger: ledger)
        let steps = try await Self.collect(service.collectPayment(PaymentRequest(amount: Self.amount)))
        guard case .completed(let payment)? = steps.last, let receipt = payment.receiptNumber else {
            Issue.record("no payment: \(steps)"); return
        }
        _ = try await Self.collect(service.collectPayment(PaymentRequest(amount: Money(minorUnits: 300, currency: .eur))))

        // When
        let reversal = try await Self.collect(service.reverse(receiptNumber: receipt))
        let again = await #expect(throws: CardReaderError.self) {
            _ = try await Self.collect(service.reverse(receiptNumber: receipt))
        }
        let report = try await service.endOfDay()
        let status = try await service.status()

        // Then
        guard case .completed(let reversed)? = reversal.last else { Issue.record("no reversal: \(reversal)"); return }
        #expect(reversed.amount == Self.amount)
        #expect(again?.resultCode == .alreadyReversed)
        #expect(report.total?.minorUnits == 300)
        #expect(status.softwareVersion == "POS-SIM 1.0")
        await service.disconnect()
        server.cancel()
    }
}
