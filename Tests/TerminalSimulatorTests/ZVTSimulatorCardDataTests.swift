import Foundation
import Hardware
import HardwareTestSupport
import POSFoundation
import Synchronization
import Testing
@testable import TerminalSimulator

/// The simulator's unmasking mode (`full-pan`) and its hold steps (`hold`, `hold-request`).
@Suite struct ZVTSimulatorCardDataTests {
    @Test func parse_fullPanHoldAndHoldRequest_areScriptWords() throws {
        // Given / When
        let script = try TerminalScript(parsing: ["hold,hold-request", "full-pan"])
        // Then
        #expect(script.outcomes == [.holdApproved, .holdUnbooked])
        #expect(script.sendsFullCardData)
        #expect(throws: TerminalScriptError.self) { try TerminalScript(parsing: ["hold:5"]) }
    }

    @Test func parse_terminalFaults_areScriptWords() throws {
        let script = try TerminalScript(parsing: ["unknown-field,silent-after-ack", "silent-after-ack:charged,silent-after-status", "silent-after-ack:deaf"])
        #expect(script.outcomes == [.unknownFieldThenSilence, .silentAfterAcknowledge, .silentAfterAcknowledgeCharged,
                                    .silentAfterStatus, .silentAfterAcknowledgeIgnoringAbort])
        #expect(throws: TerminalScriptError.self) { try TerminalScript(parsing: ["silent-after-ack:later"]) }
    }

    @Test func statusInformation_fullCardData_carriesTheWholePANAndTheExpiry() throws {
        // Given
        let ledger = TerminalLedger()
        let transaction = ledger.book(.payment, amount: Money(minorUnits: 1250, currency: .eur), resultCode: 0, card: .debitMastercard)
        // When
        let bytes = try ZVTTerminalMessages.statusInformation(transaction, card: .debitMastercard, terminalID: "52500038",
                                                              fullCardData: true).encoded()
        let slip = ZVTTerminalMessages.slip(transaction, card: .debitMastercard, terminalID: "52500038", fullCardData: true)
        // Then: BMP 22 LLVAR with all 16 digits, BMP 0E 28 12, and the slip text with both
        #expect(bytes.firstRange(of: [0x22, 0xF0, 0xF8, 0x54, 0x13, 0x33, 0x00, 0x89, 0x01, 0x04, 0x34]) != nil)
        #expect(bytes.firstRange(of: [0x0E, 0x28, 0x12]) != nil)
        let text = slip.map { String(decoding: $0.data.dropFirst(), as: UTF8.self) }.joined(separator: "\n")
        #expect(text.contains("5413330089010434") && text.contains("EXP 12/28"))
    }

    @Test func payment_terminalSendsFullCardData_counterKeepsOnlyTheLastFour() async throws {
        // Given
        let ledger = TerminalLedger()
        let script = try TerminalScript(parsing: ["full-pan"])
        let (service, server) = try await ZVTSimulatorPipeTests.connect(script: script, ledger: ledger)
        // When
        let steps = try await ZVTSimulatorPipeTests.collect(
            service.collectPayment(PaymentRequest(amount: ZVTSimulatorPipeTests.amount, reference: "#1")))
        // Then
        guard case .completed(let result)? = steps.last else { Issue.record("no result: \(steps)"); return }
        #expect(result.maskedPAN?.description == "************0434")
        let everything = result.slipLines.joined(separator: "\n") + "\(result)"
            + steps.compactMap { if case .printLine(let line) = $0 { line.text } else { nil } }.joined()
        for leak in ["541333", "5413 3300", "12/28", "2812"] { #expect(!everything.contains(leak), "\(leak)") }
        #expect(result.slipLines.contains("EXP **/**"))
        await service.disconnect()
        server.cancel()
    }

    @Test func hold_approvedThenCounterHangsUp_announcesBooksOnceAndEndsTheSession() async throws {
        // Given a terminal that holds after approving, and a counter that sends an Authorisation and then dies
        let (counter, terminal) = PipeTransport.pair()
        let (announcements, continuation) = AsyncStream<String>.makeStream()
        let ledger = TerminalLedger()
        let engine = ZVTTerminalEngine(framing: .bareAPDU, script: TerminalScript(outcomes: [.holdApproved], prompts: []),
                                       ledger: ledger, announce: { continuation.yield($0) })
        let server = Task { await engine.serve(terminal) }
        let amount = try ZVTFieldCoding.amount(minorUnits: 1250)
        try await counter.write(ZVTAPDU(.authorization, data: [ZVTBMP.amount.rawValue] + amount).encoded())

        // When the terminal announces the hold and the counter hangs up
        var iterator = announcements.makeAsyncIterator()
        let announced = await iterator.next()
        await counter.close()
        await server.value

        // Then one approval was booked and announced with its receipt number
        #expect(announced == "HOLD approved payment 12.50 receipt 1")
        #expect(ledger.approvals.count == 1)
    }
}
