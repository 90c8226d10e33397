import Foundation
import GRDB
import POSFoundation
@testable import Storage
import Testing

/// v13-cashiers: the cashier rows, the failed-attempt lock, sign-ins that record switches in their shift, and
/// approvals in the open shift; and a v11 database upgraded with its data kept.
@Suite struct CashierStorageTests {
    static func cashier(_ name: String, _ role: CashierRecord.Role = .cashier) -> CashierRecord {
        CashierRecord(name: name, role: role, pinSalt: Data(repeating: 1, count: 16), pinHash: Data(repeating: 2, count: 32),
                      kdf: "scrypt", kdfCost: 16384, kdfBlockSize: 8, kdfParallelism: 1, createdAt: StorageFixtures.now)
    }

    @Test func names_areUniqueInAnyCase_andTheLastManagerStays() async throws {
        let database = try StorageFixtures.inMemoryDatabase()
        _ = try await database.addCashier(Self.cashier("Ann", .manager))
        _ = try await database.addCashier(Self.cashier("Bob"))
        await #expect(throws: CashierWriteError.duplicateName("ann")) { try await database.addCashier(Self.cashier("ann")) }
        await #expect(throws: CashierWriteError.lastManager("Ann")) { try await database.removeCashier(named: "ANN", at: StorageFixtures.now) }
        #expect(try await database.cashier(named: "bob")?.name == "Bob")
        try await database.removeCashier(named: "bob", at: StorageFixtures.now)
        #expect(try await database.cashiers().map(\.name) == ["Ann"])
    }

    @Test func fiveFailures_lock_untilUnlocked_andASuccessClearsTheCount() async throws {
        let database = try StorageFixtures.inMemoryDatabase()
        _ = try await database.addCashier(Self.cashier("Bob"))
        _ = try await database.recordPinFailure(named: "Bob", lockAfter: 5, at: StorageFixtures.now)
        try await database.recordPinSuccess(named: "Bob")
        #expect(try await database.cashier(named: "Bob")?.failedAttempts == 0)
        var last: PinFailure?
        for _ in 1...5 { last = try await database.recordPinFailure(named: "Bob", lockAfter: 5, at: StorageFixtures.now) }
        #expect(last == PinFailure(failedAttempts: 5, locked: true))
        #expect(try await database.cashier(named: "Bob")?.lockedAt == StorageFixtures.now)
        try await database.unlockCashier(named: "Bob")
        let row = try #require(try await database.cashier(named: "Bob"))
        #expect(row.lockedAt == nil && row.failedAttempts == 0)
    }

    @Test func signIn_switchSignsThePreviousOutAtTheSameInstant_inTheOpenShift() async throws {
        let database = try StorageFixtures.inMemoryDatabase()
        _ = try await database.addCashier(Self.cashier("Ann", .manager))
        _ = try await database.addCashier(Self.cashier("Bob"))
        let opened = try await database.openShift(cashier: "Ann", float: Money(minorUnits: 0, currency: .eur), at: StorageFixtures.now)
        guard case .opened(let shift) = opened else { Issue.record("no shift"); return }
        _ = try await database.signIn(named: "ann", at: StorageFixtures.now)
        let later = StorageFixtures.now.addingTimeInterval(60)
        let bob = try await database.signIn(named: "Bob", at: later)
        #expect(bob.shiftId == shift.id)
        #expect(try await database.currentSignIn()?.cashierName == "Bob")
        let all = try await database.signIns(from: StorageFixtures.now, to: later.addingTimeInterval(1))
        #expect(all.map(\.cashierName) == ["Ann", "Bob"])
        #expect(all.first?.signedOutAt == later)
        let approval = try await database.recordApproval(ApprovalRecord(kind: "noSale", managerName: "Ann", cashierName: "Bob",
                                                                        reference: "no sale", approvedAt: later))
        #expect(approval.shiftId == shift.id)
        try await database.signOut(at: later)
        #expect(try await database.currentSignIn() == nil)
    }

    @Test func migrate_databaseAtV11WithAnOrder_keepsItAndAddsTheCashierTables() async throws {
        let queue = try DatabaseQueue()
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.fiscalMovements)
        let order = try await queue.write { db in
            var order = StorageFixtures.order()
            // Inserted with v11's columns: today's OrderRecord also has v16-receipt-series' receiptNumber
            let values = try order.databaseDictionary.filter { !(["id", "receiptNumber"] + StorageFixtures.v17OrderColumns).contains($0.key) }
            let columns = values.keys.sorted()
            try db.execute(
                sql: "INSERT INTO \"order\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(columns.map { values[$0]! }))
            order.id = db.lastInsertedRowID
            return order
        }
        let database = try AppDatabase(queue)
        // (v16-receipt-series numbers the order, the only fiscal transaction, 1 in the series of no register)
        var numbered = order
        numbered.receiptNumber = 1
        #expect(try await database.read { db in try OrderRecord.fetchOne(db, key: order.id) } == numbered)
        #expect(try await database.hasCashiers() == false)
        #expect(try await database.read { db in try db.tableExists("approval") && db.tableExists("cashierSignIn") })
    }
}
