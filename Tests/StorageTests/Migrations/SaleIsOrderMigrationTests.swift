import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// `v17-sale-is-order` on a data directory written by `main` before it (commit 5172a74, `Fixtures/DataDir-5172a74`,
/// made by `scripts/make-migration-fixture.sh` through the real `pos`): sales completed and synced, completed and
/// pending, refunded, parked, open with and without cash taken, voided; card, cash and split tenders; declined and
/// approved card attempts. Opening it migrates it; nothing recorded is lost.
struct SaleIsOrderMigrationTests {
    /// A writable copy of the fixture's database (the bundle is read-only; the database is in WAL mode).
    private func copyOfFixture() throws -> URL {
        let source = try #require(Bundle.module.url(forResource: "pos", withExtension: "sqlite",
                                                     subdirectory: "Fixtures/DataDir-5172a74"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("v17-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("pos.sqlite")
        try FileManager.default.copyItem(at: source, to: copy)
        return copy
    }

    /// The rows as the old schema holds them, read without migrating.
    private func before(_ path: URL) throws -> (sales: [Row], tenders: [Row], tables: [String: [Row]]) {
        let queue = try DatabaseQueue(path: path.path)
        defer { try? queue.close() }
        return try queue.read { db in
            var tables: [String: [Row]] = [:]
            for table in ["order", "orderLine", "orderCoupon", "orderTax", "orderFee", "payment", "outbox", "receipt",
                          "receiptNumber", "shift", "cashMovement", "approval", "drawerOpening"] {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
            }
            return (try Row.fetchAll(db, sql: "SELECT * FROM sale ORDER BY id"),
                    try Row.fetchAll(db, sql: "SELECT * FROM saleTender ORDER BY id"), tables)
        }
    }

    @Test func openingADataDirOfMain_movesEverySaleOntoItsOrder_andLosesNothing() async throws {
        // Given the data directory as 5172a74 left it
        let path = try copyOfFixture()
        let old = try before(path)
        #expect(old.sales.count == 16 && old.tenders.count == 14)

        // When it is opened
        let database = try AppDatabase.openOnDisk(at: path.path, dates: .constant(Date(timeIntervalSince1970: 1_795_000_000)))

        // Then every table beside the sale's is row for row what it was (new columns aside)
        let after = try await database.read { db in
            var tables: [String: [Row]] = [:]
            for (table, rows) in old.tables {
                let columns = rows.first.map { Array($0.columnNames) } ?? []
                let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                tables[table] = columns.isEmpty ? [] : try Row.fetchAll(
                    db, sql: "SELECT \(list) FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
            }
            return tables
        }
        for table in ["orderLine", "orderCoupon", "orderTax", "orderFee", "payment", "outbox", "receipt", "receiptNumber",
                      "shift", "cashMovement", "approval", "drawerOpening"] {
            let kept = Array((after[table] ?? []).prefix(old.tables[table]?.count ?? 0))
            #expect(kept == old.tables[table], "\(table) changed")
        }
        // And the completed orders are the same rows, completed, with their sale's shift
        let orders = try await database.read { db in try OrderRecord.order(Column("id")).fetchAll(db) }
        let oldOrders = old.tables["order"] ?? []
        #expect(Array((after["order"] ?? []).prefix(oldOrders.count)) == oldOrders)
        for row in oldOrders {
            let order = try #require(orders.first { $0.id == row["id"] })
            #expect(order.state == .completed)
            let sale = try #require(old.sales.first { ($0["orderId"] as Int64?) == order.id })
            #expect(order.shiftId == sale["shiftId"] && order.clientUUID.description == sale["clientUUID"])
        }

        // And every sale that never completed is an order in its state, with its cart and its tenders
        for sale in old.sales where (sale["orderId"] as Int64?) == nil {
            let uuid: String = sale["clientUUID"]
            let stored = try #require(try await database.sales(in: OrderRecord.State.allCases, limit: 1_000)
                .first { $0.order.clientUUID.description == uuid })
            #expect(stored.order.state.rawValue == sale["state"] as String)
            #expect(stored.order.parkedName == sale["name"])
            #expect(stored.order.total == sale["total"] && stored.order.itemCount == sale["itemCount"])
            #expect(stored.order.priced == false && stored.order.syncState == .local)
            let cart = try #require(try JSONSerialization.jsonObject(with: Data((sale["cart"] as String).utf8)) as? [String: Any])
            let items = cart["items"] as? [[String: Any]] ?? []
            #expect(stored.lines.map(\.code) == items.map { $0["code"] as? String ?? "" })
            #expect(stored.lines.map(\.quantity) == items.map { ($0["quantity"] as? NSNumber)?.intValue ?? 0 })
            #expect(stored.coupons.map(\.code) == cart["couponCodes"] as? [String] ?? [])
            #expect(stored.order.customerId == (cart["customerId"] as? NSNumber)?.int64Value)
            #expect((stored.order.discountKind != nil) == (cart["orderDiscount"] != nil))
            let tenders = old.tenders.filter { ($0["saleId"] as Int64) == (sale["id"] as Int64) }
            #expect(stored.tenders.map(\.amount) == tenders.map { $0["amount"] as Int64 })
            #expect(stored.tenders.map(\.tendered) == tenders.map { $0["tendered"] as Int64? })
            #expect(stored.tenders.map(\.method.rawValue) == tenders.map { $0["method"] as String })
        }
        // (the fixture's: Table 4 parked, Window and a cash-part sale open, two voided carts)
        #expect(try await database.sale(reference: "Table 4")?.order.state == .parked)
        #expect(try await database.sales(in: [.open]).map(\.paid.minorUnits).sorted() == [0, 1_000])
        #expect(try await database.sales(in: [.voided]).count == 2)

        // And the journal's sale attempts name their sale's order
        let journal = try await database.read { db in try PaymentJournalRecord.fetchAll(db) }
        for row in journal {
            guard let saleId = row.saleId else { continue }
            let order = try #require(orders.first { $0.id == saleId })
            let oldSale = try #require(old.sales.first {
                ($0["clientUUID"] as String) == order.clientUUID.description
            })
            #expect(row.orderId == saleId, "attempt \(row.attemptId)")
            #expect(oldSale["state"] as String == order.state.rawValue)
        }
        #expect(journal.filter { $0.saleId != nil }.count == 5)
        // And the database is whole: its foreign keys hold, the old tables are gone, local numbers stay unique
        try await database.read { db in
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try !db.tableExists("sale") && !db.tableExists("saleTender"))
            let numbers = try Int64.fetchAll(db, sql: "SELECT localNumber FROM \"order\"")
            #expect(Set(numbers).count == numbers.count && numbers.count == 16)
        }
    }

    @Test func afterTheMigration_theOpenSaleWithCashTaken_completesWithItsTender() async throws {
        // Given the fixture migrated, and its open sale that holds 10,00 € cash of 39,89 €
        let path = try copyOfFixture()
        let database = try AppDatabase.openOnDisk(at: path.path, dates: .constant(Date(timeIntervalSince1970: 1_795_000_000)))
        let open = try #require(try await database.sales(in: [.open]).first { $0.paid.minorUnits == 1_000 })
        // When the rest is paid in cash and it completes
        _ = try await database.recordCashTender(saleId: open.id, tendered: Money(minorUnits: 2_989, currency: .eur))
        let done = try await database.completeSale(saleId: open.id, cashier: "Anna", register: "K1") { _, _, _, _ in
            CompletedOrderDraft(createPayload: "{}", total: 3_989)
        }
        // Then it is its own order, with both cash tenders, its next receipt number and one outbox entry
        let detail = try #require(try await database.orderDetail(id: done.orderId))
        #expect(done.orderId == open.id)
        #expect(detail.payments.map(\.amount) == [1_000, 2_989])
        #expect(detail.order.state == .completed && detail.order.receiptNumber == 14)
        #expect(detail.outbox.map(\.kind) == [.createOrder])
    }
}
