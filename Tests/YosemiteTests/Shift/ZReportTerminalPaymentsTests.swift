import Foundation
import GRDB
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// Terminal payments without a sale (`pos reader pay|refund|reverse`) on the Z report of the shift they ran in.
@MainActor
struct ZReportTerminalPaymentsTests {
    @Test func report_terminalOperationsWithoutSale_countedInTheirShiftApartFromSales() async throws {
        // Given: a journal row before the shift, then in the shift a payment, a refund, a declined payment and an
        // end of day
        let directory = try TestDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        var environment = try AppEnvironment.test(directory: directory)
        let clock = ShiftTestClock()
        environment.now = DateGenerator { clock.date.withLock { $0 } }
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        let dispatcher = Dispatcher()
        let store = ShiftStore(dispatcher: dispatcher, environment: environment)
        func journal(_ id: String, kind: String, minor: Int64, state: PaymentJournalRecord.State = .approved) async throws {
            let row = PaymentJournalRecord(attemptId: id, readerId: "sim://", kind: kind,
                                           amount: Money(minorUnits: minor, currency: .eur), state: state,
                                           startedAt: clock.date.withLock { $0 })
            try await environment.database.performAndSave { db in try row.insert(db) }
        }
        try await journal("before", kind: "sale", minor: 9900)
        clock.date.withLock { $0 = $0.addingTimeInterval(60) }
        _ = try await dispatcher.result { ShiftAction.open(float: "0", cashier: "Ada", reply: $0) }.get()
        clock.date.withLock { $0 = $0.addingTimeInterval(60) }
        try await journal("pay", kind: "sale", minor: 1250)
        try await journal("refund", kind: "refund", minor: 300)
        try await journal("declined", kind: "sale", minor: 4000, state: .declined)
        try await journal("eod", kind: "endOfDay", minor: 0)

        // When
        let report = try await dispatcher.result { ShiftAction.report(shiftId: nil, reply: $0) }.get()

        // Then
        #expect(report.terminalWithoutSale == ZReport.TerminalTotal(count: 2, net: 950))
        #expect(report.cardTaken == 0 && report.salesCount == 0)
        #expect(report.rows { $0.decimalString }.contains { $0.label == "Terminal, no sale (2)" && $0.value == "9.50" })
        _ = store
    }
}
