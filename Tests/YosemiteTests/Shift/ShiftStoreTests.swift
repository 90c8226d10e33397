import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The shift store on a real database: Z reports computed from inserted orders, payments and refunds.
@MainActor
@Suite struct ShiftStoreTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let store: ShiftStore
    let clock = ShiftTestClock()
    let eur = Currency(code: "EUR", exponent: 2)

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        let clock = clock
        environment.now = DateGenerator { clock.date.withLock { $0 } }
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        store = ShiftStore(dispatcher: dispatcher, environment: environment)
    }

    @Test func withoutATSE_theFloatAndEachCashMovement_takeTheRegistersNextReceiptNumber() async throws {
        // Given a register without a TSE
        // When the shift opens with a float, then cash goes in and out
        _ = try await dispatcher.result { ShiftAction.open(float: "100.00", cashier: "Ada", reply: $0) }.get()
        _ = try await dispatcher.result { ShiftAction.cashIn(amount: "20,00", reason: "change from the bank", reply: $0) }.get()
        _ = try await dispatcher.result { ShiftAction.cashOut(amount: "5.00", reason: "window cleaner", reply: $0) }.get()
        // Then each is a fiscal transaction of the register's one series: numbered 1, 2, 3
        let numbers = try await environment.database.receiptNumbers()
        #expect(numbers.map(\.kind) == [.float, .cashIn, .cashOut])
        #expect(numbers.map(\.number) == [1, 2, 3])
    }

    private func advance(_ seconds: TimeInterval) { clock.date.withLock { $0 = $0.addingTimeInterval(seconds) } }
    private var now: Date { clock.date.withLock { $0 } }

    /// Inserts a paid order created now: `payments` as (method, minor units), one tax line per (percent, tax).
    @discardableResult
    private func insertOrder(total: Int64, payments: [(PaymentRecord.Method, Int64)], taxes: [(String, Int64)],
                             status: String = "processing") async throws -> Int64 {
        let date = now
        let currency = eur
        return try await environment.database.performAndSave { db in
            let number = try OrderRecord.allocateLocalNumber(in: db)
            var order = OrderRecord(clientUUID: ClientUUID(UUID()), localNumber: number, status: status, currency: currency,
                                    pricesIncludeTax: true, subtotal: total, totalTax: taxes.reduce(0) { $0 + $1.1 },
                                    total: total, createdAt: date)
            try order.insert(db)
            for (index, tax) in taxes.enumerated() {
                var record = OrderTaxRecord(orderId: order.id!, rateId: Int64(index + 1), label: "VAT", ratePercent: tax.0, taxTotal: tax.1)
                try record.insert(db)
            }
            for (method, amount) in payments {
                var payment = PaymentRecord(orderId: order.id!, method: method, amount: Money(minorUnits: amount, currency: currency),
                                            tendered: method == .cash ? amount : nil, change: method == .cash ? 0 : nil, createdAt: date)
                try payment.insert(db)
            }
            return number
        }
    }

    private func insertRefund(_ amount: String, card: Bool) async throws {
        let date = now
        let payload = RefundPayload.text(amount: try Money(parsing: amount, currency: eur), reason: "test",
                                         refundUUID: UUID().uuidString, result: card ? ReceiptSamples.cardResult() : nil)
        try await environment.database.performAndSave { db in
            var entry = OutboxRecord(kind: .createRefund, payload: payload, createdAt: date)
            try entry.insert(db)
        }
    }

    @Test func close_cashCardSplitRefundsAndMovements_zReportBalancesTheDrawer() async throws {
        // Given a sale before the shift (not in it), then a shift with cash, card and split sales, refunds and movements
        try await insertOrder(total: 999, payments: [(.cash, 999)], taxes: [("19.0000", 160)])
        advance(60)
        _ = try await dispatcher.result { ShiftAction.open(float: "100.00", cashier: "Ada", reply: $0) }.get()
        advance(60)
        let first = try await insertOrder(total: 1000, payments: [(.cash, 1000)], taxes: [("19.0000", 160)])
        try await insertOrder(total: 2000, payments: [(.card, 2000)], taxes: [("7.0000", 131)])
        try await insertOrder(total: 500, payments: [], taxes: [("19.0000", 80)], status: "cancelled")
        let last = try await insertOrder(total: 3000, payments: [(.cash, 1000), (.card, 2000)],
                                         taxes: [("19.0000", 319), ("7.0000", 65)])
        try await insertRefund("2.00", card: false)
        try await insertRefund("5.00", card: true)
        _ = try await dispatcher.result { ShiftAction.cashIn(amount: "20,00", reason: "change from the bank", reply: $0) }.get()
        _ = try await dispatcher.result { ShiftAction.cashOut(amount: "5.00", reason: "window cleaner", reply: $0) }.get()
        advance(3600)
        // When
        let outcome = try await dispatcher.result { ShiftAction.close(counted: "132.00", printer: nil, reply: $0) }.get()
        // Then
        let report = outcome.report
        #expect(report.salesCount == 3)
        #expect(report.grossSales == 6000)
        #expect(report.tenders.map(\.count) == [1, 1, 1])
        #expect(report.tenders.map(\.amount) == [1000, 2000, 3000])
        #expect(report.cashTaken == 2000)
        #expect(report.cardTaken == 4000)
        #expect(report.refundCount == 2)
        #expect(report.refunds == 700)
        #expect(report.cashRefunds == 200)
        #expect(report.taxes.map(\.amount) == [479, 196])
        #expect(report.expectedCash == 10000 + 2000 + 2000 - 500 - 200)
        #expect(report.countedCash == 13200)
        #expect(report.difference == -100)
        #expect(report.firstOrder == first)
        #expect(report.lastOrder == last)
        #expect(outcome.printError == nil)
        let job = try #require(printer.jobs.withLock { $0.first })
        #expect(job.title == "Z report")
        let current = try await dispatcher.result { ShiftAction.loadCurrent(reply: $0) }.get()
        #expect(current == nil)
    }

    @Test func reprint_closedShift_printsStoredReportMarkedCopy() async throws {
        // Given
        _ = try await dispatcher.result { ShiftAction.open(float: "50", cashier: nil, reply: $0) }.get()
        _ = try await dispatcher.result { ShiftAction.close(counted: "50", printer: nil, reply: $0) }.get()
        // When
        let printed = try await dispatcher.result { ShiftAction.reprint(shiftId: nil, printer: nil, reply: $0) }.get()
        // Then
        #expect(!printed.isEmpty)
        #expect(printer.jobs.withLock { $0.count } == 2)
        let report = try await dispatcher.result { ShiftAction.report(shiftId: nil, reply: $0) }.get()
        #expect(report.difference == 0)
        #expect(report.rows { $0.decimalString }.contains { $0.label == "Difference" && $0.value == "0.00" })
    }

    @Test func open_whileOpen_failsAlreadyOpen() async throws {
        // Given
        let status = try await dispatcher.result { ShiftAction.open(float: "10.00", cashier: nil, reply: $0) }.get()
        // When
        let again = await dispatcher.result { ShiftAction.open(float: "10.00", cashier: nil, reply: $0) }
        // Then
        #expect(again == .failure(.alreadyOpen(shiftId: status.shiftId)))
    }

    @Test func cashOut_noShiftOrNoReasonOrBadAmount_failsWithWhatToDo() async throws {
        // When no shift is open
        let noShift = await dispatcher.result { ShiftAction.cashOut(amount: "5.00", reason: "x", reply: $0) }
        // Then
        #expect(noShift == .failure(.noOpenShift))
        // Given a shift
        _ = try await dispatcher.result { ShiftAction.open(float: "10.00", cashier: nil, reply: $0) }.get()
        // When / Then
        #expect(await dispatcher.result { ShiftAction.cashOut(amount: "5.00", reason: " ", reply: $0) } == .failure(.reasonMissing))
        #expect(await dispatcher.result { ShiftAction.cashIn(amount: "abc", reason: "x", reply: $0) } == .failure(.invalidAmount("abc")))
        #expect(await dispatcher.result { ShiftAction.cashIn(amount: "0", reason: "x", reply: $0) } == .failure(.invalidAmount("0")))
        #expect(ShiftError.noOpenShift.recoverySuggestion.contains("pos shift open"))
    }
}

/// A settable "now" the tests move forward.
final class ShiftTestClock: Sendable {
    let date = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
}
