import Foundation
import Hardware
import HardwareTestSupport
import POSFoundation
import Testing
import TerminalSimulator

/// The simulated terminal's memory in a file (the in-process `sim://` terminal's, in the data directory): a
/// second process continues the numbering and the open batch, and the end of day reports the batch with BMP 60.
@Suite struct TerminalLedgerPersistenceTests {
    @Test func endOfDay_batchSpreadOverTwoLedgersOnOneFile_reportsEveryApprovalWithCardTotals() async throws {
        // Given: one payment through a ledger, then another through a new ledger on the same file (a second pos run)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("terminal-sim-state.json")
        let first = TerminalLedger(stateURL: file)
        let (service, server) = try await ZVTSimulatorPipeTests.connect(script: TerminalScript(), ledger: first)
        _ = try await ZVTSimulatorPipeTests.collect(service.collectPayment(PaymentRequest(amount: ZVTSimulatorPipeTests.amount)))
        await service.disconnect()
        server.cancel()
        let second = TerminalLedger(stateURL: file)
        #expect(second.openBatch.count == 1)
        let (again, secondServer) = try await ZVTSimulatorPipeTests.connect(script: TerminalScript(), ledger: second)
        let steps = try await ZVTSimulatorPipeTests.collect(again.collectPayment(PaymentRequest(amount: ZVTSimulatorPipeTests.amount)))
        let receipts = second.approvals.map(\.receiptNumber)

        // When
        let report = try await again.endOfDay()
        await again.disconnect()
        secondServer.cancel()

        // Then: numbering continued, the batch held both, and BMP 60 counts them (the default card: Mastercard)
        #expect(receipts == [1, 2])
        #expect(steps.contains { if case .completed = $0 { true } else { false } })
        #expect(report.total == Money(minorUnits: 2500, currency: .eur))
        #expect(report.count == 2)
        let totals = try #require(report.cardTotals)
        #expect(totals.firstReceipt == 1 && totals.lastReceipt == 2)
        #expect(totals.entries.first { $0.group == .mastercard } == .init(group: .mastercard, count: 2, turnover: 2500))
        #expect(TerminalLedger(stateURL: file).openBatch.isEmpty)
    }

    @Test func individualTotals_encodeDecode_roundTripsIn53Bytes() throws {
        // Given
        let totals = ZVTIndividualTotals(firstReceipt: 12, lastReceipt: 345, entries: [
            .init(group: .girocard, count: 3, turnover: 4_250), .init(group: .visa, count: 1, turnover: 999_999),
        ])
        // When
        let bytes = try #require(totals.encoded())
        // Then
        #expect(bytes.count == 53)
        #expect(Array(bytes[0..<4]) == [0x00, 0x12, 0x03, 0x45])
        #expect(Array(bytes[4..<11]) == [0x03, 0x00, 0x00, 0x00, 0x00, 0x42, 0x50])
        #expect(ZVTIndividualTotals(bytes) == totals)
        #expect(ZVTIndividualTotals(Array(bytes.dropLast())) == nil)
        #expect(totals.count == 4 && totals.turnover == 1_004_249)
    }
}
