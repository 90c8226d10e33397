import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct QueueRequestsTests {
    private let now = StorageFixtures.now

    private func databaseWithOrders(_ count: Int) async throws -> (AppDatabase, [Int64]) {
        let database = try StorageFixtures.inMemoryDatabase()
        let ids = try await database.performAndSave { db in
            let uuid = UUIDGenerator.incrementing()
            return try (1...count).map { number in
                var order = StorageFixtures.order(localNumber: Int64(number), uuid: uuid)
                try order.insert(db)
                return try #require(order.id)
            }
        }
        return (database, ids)
    }

    @Test func outboxStates_park_countAsExpected() async throws {
        // Given
        let (database, orders) = try await databaseWithOrders(3)

        // When
        let counts = try await database.performAndSave { db in
            var entries = try orders.map { try OutboxRecord.enqueue(.createOrder, orderId: $0, payload: "{}", in: db) }
            try entries[0].markInFlight(in: db)
            try entries[1].markInFlight(in: db)
            try entries[1].park(reason: "product 7 was deleted", in: db)
            return (try OutboxRecord.pendingCount(in: db), try OutboxRecord.parkedCount(in: db))
        }

        // Then
        #expect(counts == (2, 1))
    }

    @Test func journal_transitions_countOnlyUnsettledAttempts() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let amount = Money(minorUnits: 1250, currency: .eur)
        let now = self.now

        // When
        let (unresolvedBefore, unresolvedAfter, resolved) = try await database.performAndSave { db in
            var a = PaymentJournalRecord(attemptId: "a", readerId: "sim://", amount: amount, startedAt: now)
            var b = PaymentJournalRecord(attemptId: "b", readerId: "sim://", amount: amount, startedAt: now)
            try a.insert(db)
            try b.insert(db)
            try a.transition(to: .requestSent, in: db)
            try b.transition(to: .unknown, in: db)
            let before = try PaymentJournalRecord.unresolvedCount(in: db)
            try a.transition(to: .approved, result: #"{"last4":"4242"}"#, in: db)
            return (before, try PaymentJournalRecord.unresolvedCount(in: db), a)
        }

        // Then
        #expect(unresolvedBefore == 2)
        #expect(unresolvedAfter == 1)
        #expect(resolved.resolvedAt == now)
        #expect(resolved.result == #"{"last4":"4242"}"#)
    }

    @Test func unsyncedOrders_andServerTotalMismatch_areTold() async throws {
        // Given
        let (database, orders) = try await databaseWithOrders(3)

        // When
        let (unsynced, mismatched) = try await database.performAndSave { db in
            var synced = try #require(try OrderRecord.fetchOne(db, key: orders[0]))
            try synced.updateChanges(db) {
                $0.syncState = .synced
                $0.remoteId = 900
                $0.serverTotal = 1001
            }
            return (try OrderRecord.all().unsynced().fetchCount(db), try OrderRecord.fetchAll(db).filter(\.hasServerTotalMismatch))
        }

        // Then
        #expect(unsynced == 2)
        #expect(mismatched.map(\.id) == [orders[0]])
        #expect(mismatched.first?.hasServerTotalMismatch == true)
    }

    @Test func deleteOrder_withPayment_isRefusedSoNoPaymentIsLost() async throws {
        // Given
        let (database, orders) = try await databaseWithOrders(1)
        let now = self.now
        try await database.performAndSave { db in
            var payment = PaymentRecord(orderId: orders[0], method: .cash, amount: Money(minorUnits: 1000, currency: .eur),
                                        tendered: 2000, change: 1000, createdAt: now)
            try payment.insert(db)
        }

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in _ = try OrderRecord.deleteOne(db, key: orders[0]) }
        }

        // Then
        #expect(error?.code == .constraintViolation)
        #expect(error?.resultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
    }
}
