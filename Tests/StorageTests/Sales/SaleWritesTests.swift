import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// Each named sale write, and the integrity it keeps: what it writes, and that a refusal writes nothing. (The sale's
/// rules, such as lines fixed once tendered or a card paying at most what is due, are the checkout's: CheckoutTests.)
struct SaleWritesTests {
    static let eur = Currency.eur
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }

    private func opened(_ database: AppDatabase, total: Int64 = 1_000, items: Int = 2) async throws -> StoredSale {
        try await database.openSale(clientUUID: try #require(ClientUUID(string: UUID().uuidString.lowercased())),
                                    priced: StorageFixtures.pricedSale(total: total, items: items))
    }

    private func draft(total: Int64) -> @Sendable (Int64, Int64, ClientUUID, String?) throws -> CompletedOrderDraft {
        { _, _, _, _ in CompletedOrderDraft(createPayload: #"{"set_paid":true}"#, total: total) }
    }

    /// Completed orders, outbox entries, payments, shifts.
    private func counts(_ database: AppDatabase) async throws -> (orders: Int, outbox: Int, tenders: Int, shifts: Int) {
        try await database.read { db in
            (try OrderRecord.all().completed().fetchCount(db), try OutboxRecord.fetchCount(db), try PaymentRecord.fetchCount(db),
             try ShiftRecord.fetchCount(db))
        }
    }

    @Test func openSale_writesAnOpenSale_thatIsTheCurrentOne() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        // When
        let sale = try await opened(database)
        // Then
        #expect(sale.order.state == .open)
        #expect(sale.order.syncState == .local)
        #expect(sale.lines.map(\.code) == ["SKU-1"])
        #expect(try await database.currentSale()?.id == sale.id)
        // An open sale is no order to list, report or sync
        #expect(try await counts(database).orders == 0)
        #expect(try await database.orderHistory(OrderHistoryFilter()).isEmpty)
    }

    @Test func updateLines_replacesTheLinesAndTotal_writingOnlyWhatChanged() async throws {
        // Given a sale of one line
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        var priced = StorageFixtures.pricedSale(total: 1_000, items: 2)
        var second = priced.lines[0]
        second.position = 1
        second.code = "SKU-2"
        priced.lines.append(second)
        priced.order.total = 2_000
        // When a second line is added, then the first removed
        let updated = try await database.updateLines(saleId: sale.id, priced: priced)
        priced.lines.removeFirst()
        priced.lines[0].position = 0
        priced.order.total = 1_000
        let shorter = try await database.updateLines(saleId: sale.id, priced: priced)
        // Then the first line's row was kept, the second added, then the rows follow the cart
        #expect(updated.order.total == 2_000)
        #expect(updated.lines.map(\.code) == ["SKU-1", "SKU-2"])
        #expect(updated.lines.first?.id == sale.lines.first?.id)
        let stored = try #require(try await database.sale(id: sale.id))
        #expect(stored.lines.map(\.code) == ["SKU-2"] && shorter.lines.map(\.code) == ["SKU-2"])
        #expect(stored.order.total == 1_000)
    }

    @Test func recordCashTender_overTheDue_keepsChange() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        // When
        let paid = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(2_000))
        // Then
        #expect(paid.tenders.map(\.amount) == [1_000])
        #expect(paid.tenders.first?.change == 1_000)
        #expect(paid.due == Self.money(0))
    }

    @Test func startCardAttempt_onASaleNoLongerOpen_isRefusedAndJournalsNothing() async throws {
        // Given a sale another process voided
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        _ = try await database.voidSale(saleId: sale.id)
        let row = PaymentJournalRecord(attemptId: "a1", readerId: "sim://", amount: Self.money(1_000),
                                       startedAt: StorageFixtures.now, saleId: sale.id)
        // When / Then
        await #expect(throws: SaleWriteError.self) { try await database.startCardAttempt(row) }
        #expect(try await database.read { db in try PaymentJournalRecord.fetchCount(db) } == 0)
    }

    @Test func recordCardTender_writesTheJournalRowAndTheTenderOnce() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        try await database.startCardAttempt(PaymentJournalRecord(
            attemptId: "a1", readerId: "sim://", amount: Self.money(1_000), startedAt: StorageFixtures.now, saleId: sale.id))
        let fields = CardTenderFields(transactionId: "T1 receipt 7", cardBrand: "VISA", cardLast4: "4242",
                                      terminalReceiptNumber: "7", terminalTraceNumber: "9")
        // When
        let first = try await database.recordCardTender(attemptId: "a1", resultJSON: "{}", receiptNumber: 7, fields: fields, note: nil)
        let second = try await database.recordCardTender(attemptId: "a1", resultJSON: "{}", receiptNumber: 7, fields: fields, note: nil)
        // Then
        #expect(first == .recorded(saleId: sale.id, covered: true))
        #expect(second == .alreadySettled)
        let stored = try #require(try await database.sale(id: sale.id))
        #expect(stored.tenders.map(\.journalAttemptId) == ["a1"])
        #expect(try await database.read { db in try PaymentJournalRecord.find(attemptId: "a1", in: db)?.state } == .approved)
    }

    @Test func declinedAttempt_leavesTheSaleOpen_forCash() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        try await database.startCardAttempt(PaymentJournalRecord(
            attemptId: "a1", readerId: "sim://", amount: Self.money(1_000), startedAt: StorageFixtures.now, saleId: sale.id))
        // When
        try await database.markAttempt("a1", .declined, note: "declined 05")
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(1_000))
        let done = try await database.completeSale(saleId: sale.id, cashier: "Ann", register: nil, build: draft(total: 1_000))
        // Then
        let counts = try await counts(database)
        #expect(counts.orders == 1)
        #expect(counts.outbox == 1)
        let order = try #require(try await database.read { db in try OrderRecord.detail(id: done.orderId, in: db) })
        #expect(order.payments.map(\.method) == [.cash])
        #expect(order.outbox.map(\.kind) == [.createOrder])
    }

    @Test func completeSale_writesOrderPaymentsOneOutboxEntry_andOpensAShift() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(1_200))
        // When
        let done = try await database.completeSale(saleId: sale.id, cashier: "Ann", register: nil, build: draft(total: 1_000))
        // Then
        #expect(done.openedShiftId != nil)
        #expect(done.shiftId == done.openedShiftId)
        let stored = try #require(try await database.sale(id: sale.id))
        #expect(stored.order.state == .completed)
        #expect(done.orderId == sale.id)
        #expect(stored.order.shiftId == done.shiftId)
        #expect(stored.order.syncState == .pending && stored.order.receiptNumber == 1)
        let detail = try #require(try await database.read { db in try OrderRecord.detail(id: done.orderId, in: db) })
        #expect(detail.payments.map(\.amount) == [1_000])
        #expect(detail.payments.first?.change == 200)
        #expect(detail.outbox.map(\.kind) == [.createOrder])
        let shift = try #require(try await database.read { db in try ShiftRecord.current(in: db) })
        #expect(shift.openingFloat == 0)
        #expect(shift.cashier == "Ann")
    }

    @Test func completeSale_withAShiftOpen_usesIt() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let shiftId = try await database.performAndSave { db in
            var shift = ShiftRecord(cashier: "Bo", openingFloat: Self.money(5_000), openedAt: StorageFixtures.now)
            try shift.insert(db)
            return shift.id
        }
        let sale = try await opened(database)
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(1_000))
        // When
        let done = try await database.completeSale(saleId: sale.id, cashier: "Ann", register: nil, build: draft(total: 1_000))
        // Then
        #expect(done.openedShiftId == nil)
        #expect(done.shiftId == shiftId)
    }

    @Test func completeSale_notCovered_isRefusedAndWritesNothing() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(400))
        // When / Then
        await #expect(throws: SaleWriteError.self) {
            try await database.completeSale(saleId: sale.id, cashier: "", register: nil, build: draft(total: 1_000))
        }
        let counts = try await counts(database)
        #expect(counts.orders == 0)
        #expect(counts.outbox == 0)
        #expect(counts.shifts == 0)
        #expect(try await database.sale(id: sale.id)?.order.state == .open)
    }

    @Test func completeSale_withAnUnresolvedAttempt_isRefused() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(400))
        try await database.startCardAttempt(PaymentJournalRecord(
            attemptId: "a1", readerId: "sim://", amount: Self.money(600), startedAt: StorageFixtures.now, saleId: sale.id))
        // When / Then
        await #expect(throws: SaleWriteError.attemptUnresolved(attemptId: "a1")) {
            try await database.completeSale(saleId: sale.id, cashier: "", register: nil, build: draft(total: 1_000))
        }
    }

    @Test func parkSale_namesItOrNumbersIt_andResumeReopens() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let first = try await opened(database)
        let second = try await opened(database)
        // When
        let named = try await database.parkSale(saleId: first.id, name: "Table 4")
        let numbered = try await database.parkSale(saleId: second.id, name: nil)
        let resumed = try await database.resumeSale(saleId: first.id)
        // Then
        #expect(named.order.parkedName == "Table 4")
        #expect(numbered.order.parkedName == "1")
        #expect(resumed.order.state == .open)
        #expect(try await database.sale(reference: "Table 4")?.id == first.id)
        #expect(try await database.currentSale()?.id == first.id)
    }

    @Test func voidSale_withCash_keepsTheCashOnTheVoidedSale() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let cash = try await opened(database)
        _ = try await database.recordCashTender(saleId: cash.id, tendered: Self.money(100))
        // When
        let voided = try await database.voidSale(saleId: cash.id)
        // Then
        #expect(voided.order.state == .voided)
        #expect(voided.tenders.count == 1)
        await #expect(throws: SaleWriteError.self) { try await database.voidSale(saleId: cash.id) }
    }

    @Test func payment_cardLast4_refusesMoreThanFourDigits() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        // When / Then
        await #expect(throws: (any Error).self) {
            try await database.performAndSave { db in
                var tender = PaymentRecord(orderId: sale.id, method: .card, amount: Self.money(100),
                                           cardLast4: "4111111111111111", createdAt: StorageFixtures.now)
                try tender.insert(db)
            }
        }
    }
}
