import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// The named writes Yosemite's shifts, sync engine, refunds and catalog ingest use, and the invariant each keeps.
struct NamedOperationsTests {
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func insertedOrder(_ database: AppDatabase) async throws -> OrderRecord {
        try await database.performAndSave { db in
            var order = StorageFixtures.order()
            try order.insert(db)
            return order
        }
    }

    private func enqueued(_ database: AppDatabase, orderId: Int64, _ kinds: [OutboxRecord.Kind]) async throws -> [OutboxRecord] {
        try await database.performAndSave { db in
            try kinds.map { try OutboxRecord.enqueue($0, orderId: orderId, payload: "{}", in: db) }
        }
    }

    // MARK: Shifts

    @Test func openShift_opensOne_andRefusesASecondWhileItIsOpen() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        // When
        let first = try await database.openShift(cashier: "Ana", float: Self.money(5_000), at: StorageFixtures.now)
        let second = try await database.openShift(cashier: "Max", float: Self.money(0), at: StorageFixtures.now)
        // Then
        guard case .opened(let shift) = first else { Issue.record("not opened: \(first)"); return }
        #expect(second == .alreadyOpen(shiftId: try #require(shift.id)))
        #expect(try await database.read { db in try ShiftRecord.fetchCount(db) } == 1)
        #expect(try await database.currentShift()?.cashier == "Ana")
    }

    @Test func recordCashMovement_withoutAnOpenShift_writesNothing() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        // When
        let movement = try await database.recordCashMovement(.cashIn, amount: Self.money(100), reason: "change",
                                                             at: StorageFixtures.now)
        // Then
        #expect(movement == nil)
        #expect(try await database.read { db in try CashMovementRecord.fetchCount(db) } == 0)
    }

    @Test func recordCashMovement_inTheOpenShift_isOnItsReport() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        _ = try await database.openShift(cashier: "Ana", float: Self.money(0), at: StorageFixtures.now)
        // When
        let recorded = try #require(try await database.recordCashMovement(
            .cashOut, amount: Self.money(250), reason: "bank", at: StorageFixtures.now))
        // Then
        let rows = try await database.shiftReportRows(
            shiftId: try #require(recorded.shift.id), from: StorageFixtures.now, to: StorageFixtures.now.addingTimeInterval(1))
        #expect(rows.movements.map(\.signedAmount) == [-250])
    }

    @Test func saveClosedShift_leavesNoShiftOpen_andIsTheLastClosed() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        _ = try await database.openShift(cashier: "Ana", float: Self.money(0), at: StorageFixtures.now)
        var shift = try #require(try await database.currentShift())
        // When
        shift.closedAt = StorageFixtures.now
        shift.countedCash = 0
        try await database.saveClosedShift(shift)
        // Then
        #expect(try await database.currentShift() == nil)
        #expect(try await database.lastClosedShift()?.id == shift.id)
    }

    // MARK: Outbox

    @Test func recordOutboxDeliveries_syncsTheOrder_onlyOnceAllItsEntriesAreDelivered() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let order = try await insertedOrder(database)
        let orderId = try #require(order.id)
        let entries = try await enqueued(database, orderId: orderId, [.createOrder, .addNote])
        // When
        try await database.recordOutboxDeliveries([
            .created(entries[0], orderId: orderId, remoteId: 77, remoteNumber: "77", serverTotal: 1_000, problem: nil),
        ])
        let afterCreate = try #require(try await database.orderDetail(id: orderId))
        try await database.recordOutboxDeliveries([.accepted(entries[1], orderId: orderId)])
        let afterNote = try #require(try await database.orderDetail(id: orderId))
        // Then
        #expect(afterCreate.order.remoteId == 77)
        #expect(afterCreate.order.syncState != .synced)
        #expect(afterNote.order.syncState == .synced)
        #expect(afterNote.outbox.allSatisfy { $0.state == .done })
    }

    @Test func recordOutboxDeliveries_aCreateWithAProblem_parksTheEntryAndItsOrder() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let orderId = try #require(try await insertedOrder(database).id)
        let entries = try await enqueued(database, orderId: orderId, [.createOrder])
        // When
        try await database.recordOutboxDeliveries([
            .created(entries[0], orderId: orderId, remoteId: 78, remoteNumber: "78", serverTotal: nil,
                     problem: "an empty line came back"),
        ])
        // Then
        let detail = try #require(try await database.orderDetail(id: orderId))
        #expect(detail.order.syncState == .parked)
        #expect(detail.outbox.map(\.parkedReason) == ["an empty line came back"])
        #expect(try await database.outboxCounts().parked == 1)
    }

    @Test func retryParkedOutboxEntry_queuesItAgain_withItsOrderPending() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let orderId = try #require(try await insertedOrder(database).id)
        let entries = try await enqueued(database, orderId: orderId, [.createOrder])
        try await database.parkOutboxEntries(entries, reason: "refused")
        // When
        let retried = try await database.retryParkedOutboxEntry(id: try #require(entries[0].id))
        let again = try await database.retryParkedOutboxEntry(id: try #require(entries[0].id))
        // Then
        #expect(retried?.state == .pending)
        #expect(again == nil)
        #expect(try await database.orderDetail(id: orderId)?.order.syncState == .pending)
    }

    // MARK: Refunds

    @Test func recordRefundApproval_approvesOnce_andQueuesOneRefundWithTheAttemptsAmount() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let orderId = try #require(try await insertedOrder(database).id)
        let row = PaymentJournalRecord(attemptId: "refund-1", orderId: orderId, readerId: "sim://", kind: "refund",
                                       amount: Self.money(400), startedAt: StorageFixtures.now)
        try await database.performAndSave { db in try row.insert(db) }
        // When
        let first = try await database.recordRefundApproval(
            attemptId: "refund-1", receiptNumber: 12, resultJSON: "{}", refundUUID: "r-1"
        ) { amount in #"{"amount":\#(amount.minorUnits)}"# }
        let second = try await database.recordRefundApproval(
            attemptId: "refund-1", receiptNumber: 12, resultJSON: "{}", refundUUID: "r-2"
        ) { _ in "{}" }
        // Then
        #expect(first != nil)
        #expect(second == nil)
        let attempt = try #require(try await database.paymentAttempt(id: "refund-1"))
        #expect(attempt.state == .approved)
        #expect(attempt.receiptNumber == 12)
        let refunds = try #require(try await database.orderDetail(id: orderId)).outbox.filter { $0.kind == .createRefund }
        #expect(refunds.map(\.payload) == [#"{"amount":400}"#])
    }

    @Test func approvedSaleAttempt_findsAnApprovedSaleByReceipt_onThatReader() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        func row(_ id: String, reader: String, kind: String = "sale", state: PaymentJournalRecord.State = .approved,
                 receipt: Int?, at seconds: TimeInterval) -> PaymentJournalRecord {
            PaymentJournalRecord(attemptId: id, readerId: reader, kind: kind, amount: Self.money(100), state: state,
                                 startedAt: StorageFixtures.now.addingTimeInterval(seconds), receiptNumber: receipt)
        }
        let rows = [
            row("old", reader: "a", receipt: 1, at: 0), row("new", reader: "a", receipt: 2, at: 10),
            row("declined", reader: "a", state: .declined, receipt: 3, at: 20),
            row("refund", reader: "a", kind: "refund", receipt: 4, at: 30),
            row("other", reader: "b", receipt: 5, at: 40), row("noReceipt", reader: "a", receipt: nil, at: 50),
        ]
        try await database.performAndSave { db in for row in rows { try row.insert(db) } }
        // When
        let byReceipt = try await database.approvedSaleAttempt(readerId: "a", receiptNumber: 1)
        let declined = try await database.approvedSaleAttempt(readerId: "a", receiptNumber: 3)
        // Then
        #expect(byReceipt?.attemptId == "old")
        #expect(declined == nil)
    }

    // MARK: Catalog

    @Test func storeCatalogPages_writesAllPagesInOneGo_skipsVariationsOfMissingProducts_andKeepsTheSearchIndex() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let pages: [CatalogPage] = [
            .products([StorageFixtures.product(1, name: "Espresso"), StorageFixtures.product(2, name: "Shirt")],
                      links: [1: [], 2: []], unpublished: []),
            .variations([StorageFixtures.variation(21, of: 2)], parentId: 2),
            .variations([StorageFixtures.variation(31, of: 3)], parentId: 3),
            .products([], links: [:], unpublished: [1]),
        ]
        // When
        let removed = try await database.storeCatalogPages(pages)
        // Then
        #expect(removed == 1)
        #expect(try await database.catalogCounts() == CatalogCounts(products: 1, variations: 1))
        #expect(try await database.searchProducts("Shirt", limit: 5).map(\.id) == [2])
        #expect(try await database.searchProducts("Espresso", limit: 5).isEmpty)
    }
}
