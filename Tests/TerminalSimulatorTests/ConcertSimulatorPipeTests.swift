import Hardware
import HardwareTestSupport
import POSFoundation
import Testing
import TerminalSimulator

/// The Concert driver against the simulated Concert terminal over an in-memory pipe. The driver's timers run on a
/// ``ManualClock`` that nothing advances: no timer can overtake the simulator's answers on a loaded machine (a
/// full suite once failed here when a 3 s acknowledgement timer on the real clock ran out first).
@Suite struct ConcertSimulatorPipeTests {
    static let address = ReaderAddress(terminalProtocol: .concert, link: .serial(path: "/dev/ttyACM0"))
    static let amount = Money(minorUnits: 1250, currency: .eur)

    static func run(_ script: TerminalScript, ledger: TerminalLedger) async throws(CardReaderError) -> CardReaderOperationOutcome {
        let (counter, terminal) = PipeTransport.pair()
        let server = Task { await ConcertTerminalEngine(script: script, ledger: ledger).serve(terminal) }
        defer { server.cancel() }
        let reader = ConcertCardReader(transport: counter, address: address, clock: ManualClock())
        _ = try await reader.connect()
        let outcome = try await reader.perform(.payment(PaymentRequest(amount: amount, reference: "ORDER-42"))) { _ in }
        await reader.disconnect()
        return outcome
    }

    @Test func payment_simulatorApproves_returnsAmountAndLastFour() async throws {
        // Given
        let ledger = TerminalLedger()

        // When
        let outcome = try await Self.run(TerminalScript(), ledger: ledger)

        // Then
        guard case .approved(let result) = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(result.amount == Self.amount)
        #expect(result.maskedPAN?.lastFour == "0434")
        #expect(ledger.approvals.count == 1)
    }

    @Test func payment_firstRequestFrameNAKed_resendsAndApproves() async throws {
        // Given
        let ledger = TerminalLedger()

        // When
        let outcome = try await Self.run(TerminalScript(naksFirstFrame: true), ledger: ledger)

        // Then
        guard case .approved = outcome else { Issue.record("expected approval, got \(outcome)"); return }
        #expect(ledger.approvals.count == 1)
    }

    @Test func payment_simulatorDeclines_throwsDeclined() async throws {
        // Given
        let ledger = TerminalLedger()

        // When
        let error = await #expect(throws: CardReaderError.self) {
            _ = try await Self.run(TerminalScript(outcomes: [.decline(0x05)]), ledger: ledger)
        }

        // Then
        #expect(error?.underlying == .declined)
        #expect(ledger.approvals.isEmpty)
    }

    @Test func payment_lineDropsAfterRequest_isOutcomeUnknown() async throws {
        // Given
        let ledger = TerminalLedger()

        // When
        let outcome = try await Self.run(TerminalScript(outcomes: [.drop]), ledger: ledger)

        // Then
        guard case .outcomeUnknown(let unknown) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(unknown.amount == Self.amount)
    }

    /// A frame cut short (the `truncated-frame` fault): the terminal asks for the line, sends half its answer, then
    /// nothing. The frame timer (3 s from the line grant, then after each NAK) ends it after three tries, 9 s from the
    /// grant, far inside the 120 s a silent terminal gets: unknown (the terminal booked), never sent again.
    @Test func payment_answerFrameCutShort_endsUnknownWithinThreeFrameTimeouts() async throws {
        // Given
        let ledger = TerminalLedger()
        let clock = ManualClock()
        let configuration = ConcertSessionConfiguration.standard
        let (counter, terminal) = PipeTransport.pair()
        let server = Task {
            await ConcertTerminalEngine(script: TerminalScript(outcomes: [.truncatedFrame]), ledger: ledger).serve(terminal)
        }
        defer { server.cancel() }
        let reader = ConcertCardReader(transport: counter, address: Self.address, clock: clock, configuration: configuration)
        _ = try await reader.connect()

        // When: the request went through (the answer timer runs), then each frame timer runs out
        let payment = Task { try await reader.perform(.payment(PaymentRequest(amount: Self.amount, reference: "ORDER-42"))) { _ in } }
        await clock.waitForSleeper(dueIn: configuration.answerTimeout)
        for _ in 0..<configuration.maximumTransmissions {
            await clock.waitForSleeper(dueIn: configuration.frameTimeout)
            clock.advance(by: configuration.frameTimeout)
        }
        let outcome = try await payment.value
        await reader.disconnect()

        // Then
        guard case .outcomeUnknown(let unknown) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(unknown.amount == Self.amount)
        #expect(clock.now.offset == configuration.frameTimeout * configuration.maximumTransmissions)
        #expect(ledger.transactions.count == 1, "the payment reached the terminal twice")
        #expect(ledger.approvals.count == 1)
    }
}
