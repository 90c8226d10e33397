import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// `v16-receipt-series`: the existing fiscal transactions of a database at v15 (completed sales, a voided cart,
/// the float, cash in, a refund) are numbered in their time order in one series per register, so nothing
/// repeats; the named writes then go on from the last number.
struct ReceiptSeriesMigrationTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A v15 database holding, in time order: the float, order 1 (K2), a voided cart, cash in, order 2 (K2), the
    /// refund of order 1. Before v16 the export numbered them 1 (journal row), 1, sale id 2, 2, 2, 1.
    func v15Database() async throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration(dates: .constant(Self.start)))
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.catalogIndexes)
        try await queue.write { db in
            func at(_ minutes: Double) -> Date { Self.start.addingTimeInterval(minutes * 60) }
            func movement(_ kind: String, _ reference: String, _ minutes: Double, orderId: Int64? = nil) throws {
                try db.execute(sql: """
                    INSERT INTO fiscalMovement (kind, reference, orderId, tseTransactionId, mode, state, receiptData, createdAt, updatedAt)
                    VALUES (?, ?, ?, ?, 'demo', 'signed', '{}', ?, ?)
                    """, arguments: [kind, reference, orderId, UUID().uuidString, at(minutes), at(minutes)])
            }
            func sale(_ id: Int64, _ uuid: String, state: String, orderId: Int64?, _ minutes: Double) throws {
                try db.execute(sql: """
                    INSERT INTO sale (id, clientUUID, state, cart, itemCount, total, currencyCode, currencyExponent, orderId, createdAt, updatedAt)
                    VALUES (?, ?, ?, '{}', 1, 500, 'EUR', 2, ?, ?, ?)
                    """, arguments: [id, uuid, state, orderId, at(minutes - 1), at(minutes)])
            }
            func order(_ id: Int64, _ uuid: String, _ minutes: Double) throws {
                try db.execute(sql: """
                    INSERT INTO "order" (id, clientUUID, localNumber, status, currencyCode, currencyExponent, pricesIncludeTax,
                        subtotal, discountTotal, discountTax, feeTotal, totalTax, total, customerNote, createdAt, updatedAt,
                        syncState, registerId)
                    VALUES (?, ?, ?, 'pending', 'EUR', 2, 1, 500, 0, 0, 0, 0, 500, '', ?, ?, 'pending', 'K2')
                    """, arguments: [id, uuid, id, at(minutes), at(minutes)])
            }
            try movement("float", "shift-1-float", 0)
            try order(1, "00000000-0000-4000-8000-000000000001", 1)
            try sale(1, "00000000-0000-4000-8000-000000000001", state: "completed", orderId: 1, 1)
            try sale(2, "00000000-0000-4000-8000-000000000002", state: "voided", orderId: nil, 2)
            try movement("cashIn", "cash-1", 3)
            try order(2, "00000000-0000-4000-8000-000000000003", 4)
            try sale(3, "00000000-0000-4000-8000-000000000003", state: "completed", orderId: 2, 4)
            try movement("refund", "refund-uuid-1", 5, orderId: 1)
            // An open cart is no fiscal transaction yet: it is numbered when it completes or is voided.
            try sale(4, "00000000-0000-4000-8000-000000000004", state: "open", orderId: nil, 6)
        }
        return queue
    }

    @Test func migrate_fromV15_numbersExistingFiscalTransactionsInTimeOrder_andNothingRepeats() async throws {
        // Given a database at v15 with a day of fiscal transactions
        let queue = try await v15Database()

        // When it is opened (migrated to v16)
        let database = try AppDatabase(queue)

        // Then each transaction has its own number, 1 to 6 in time order, in register K2's series
        let numbers = try await database.receiptNumbers()
        #expect(numbers.map(\.registerId) == Array(repeating: "K2", count: 6))
        #expect(numbers.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(numbers.map(\.kind) == [.float, .sale, .sale, .cashIn, .sale, .refund])
        #expect(numbers.map(\.reference) == ["shift-1-float", "00000000-0000-4000-8000-000000000001",
                                             "00000000-0000-4000-8000-000000000002", "cash-1",
                                             "00000000-0000-4000-8000-000000000003", "refund-uuid-1"])
        // And the orders print their new numbers; the sales know their register
        let orders = try await database.read { db in try OrderRecord.all().completed().order(Column("id")).fetchAll(db) }
        #expect(orders.map(\.receiptNumber) == [2, 5])
        // (v17 made the voided cart and the open one orders 3 and 4, after the two completed ones.)
        let sales = try await database.read { db in try OrderRecord.order(Column("id")).fetchAll(db) }
        #expect(sales.map(\.registerId) == ["K2", "K2", "K2", nil])
        #expect(sales.map(\.state) == [.completed, .completed, .voided, .open])
        #expect(try await database.receiptSeries(registerId: "K2").lastNumber == 6)
        // And the open cart, voided now, takes the next number
        _ = try await database.voidSale(saleId: 4, register: "K2")
        #expect(try await database.receiptNumbers().last.map { [$0.registerId, String($0.number)] } == ["K2", "7"])
    }

    @Test func migrate_fromV15_withoutOrdersOfARegister_numbersInTheSeriesOfNoRegister() async throws {
        // Given a v15 database with only a float and a voided cart (no order names a register)
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration(dates: .constant(Self.start)))
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.catalogIndexes)
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO fiscalMovement (kind, reference, tseTransactionId, mode, state, receiptData, createdAt, updatedAt)
                VALUES ('float', 'shift-1-float', 'a', 'demo', 'signed', '{}', ?, ?)
                """, arguments: [Self.start, Self.start])
            try db.execute(sql: """
                INSERT INTO sale (id, clientUUID, state, cart, itemCount, total, currencyCode, currencyExponent, createdAt, updatedAt)
                VALUES (1, '00000000-0000-4000-8000-000000000001', 'voided', '{}', 1, 500, 'EUR', 2, ?, ?)
                """, arguments: [Self.start, Self.start.addingTimeInterval(60)])
        }

        // When
        let database = try AppDatabase(queue)

        // Then
        let numbers = try await database.receiptNumbers()
        #expect(numbers.map(\.registerId) == ["", ""] && numbers.map(\.number) == [1, 2])
        #expect(try await database.receiptSeries(registerId: nil).lastNumber == 2)
    }
}
