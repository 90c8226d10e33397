import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct AppMigrationsTests {
    @Test func migrate_freshDatabase_appliesEveryNamedMigration() throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()

        // When
        let applied = try database.read { db in try AppMigrations.makeMigrator().appliedMigrations(db) }
        let tables = try database.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table')")
        }

        // Then
        #expect(applied == ["v1-settings-catalog", "v2-orders-outbox", "v3-payments-receipts", "v4-sync-outbox", "v5-card-payments", "v6-shifts", "v7-checkout", "v8-fiscal", "v9-counter", "v10-registers", "v11-fiscal-movements",
                            "v12-floor-devices", "v13-cashiers", "v14-closing", "v15-catalog-indexes", "v16-receipt-series",
                            "v17-sale-is-order", "v18-training"])
        for table in ["setting", "product", "productVariation", "productCategory", "productCategoryLink",
                      "productSearch", "customer", "coupon", "taxRate", "taxClass", "syncState", "order",
                      "orderLine", "orderFee", "orderCoupon", "orderTax", "payment", "outbox", "paymentJournal",
                      "receipt", "shift", "cashMovement", "customerSearch", "drawerOpening", "fiscalTransaction", "fiscalOutage", "fiscalMovement"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        // v17: the sale is its order; nothing else stores it
        #expect(!tables.contains("sale") && !tables.contains("saleTender"))
        let orderColumns = try database.read { db in try db.columns(in: "order").map(\.name) }
        #expect(orderColumns.contains("registerId") && orderColumns.contains("cashier"))
        let productColumns = try database.read { db in try db.columns(in: "product").map(\.name) }
        let lineColumns = try database.read { db in try db.columns(in: "orderLine").map(\.name) }
        #expect(productColumns.contains("soldByWeight") && lineColumns.contains("weightGrams"))
    }

    @Test func migrate_productsBeforeV12_areNotSoldByWeight() async throws {
        // Given a product stored before goods sold by weight existed
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration(dates: .constant(StorageFixtures.now)))
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.fiscalMovements)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO product (id, name, sku, price) VALUES (7, 'Gouda', '123', '12.99')")
        }
        // When
        let database = try AppDatabase(queue)
        let product = try await database.read { db in try ProductRecord.fetchOne(db, key: 7) }
        // Then
        #expect(product?.soldByWeight == false)
    }

    @Test func migrate_databaseAtV1WithData_keepsDataAndAddsLaterTables() async throws {
        // Given a database released at v1 with a product, a setting and a search index entry
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration(dates: .constant(StorageFixtures.now)))
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.settingsCatalog)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO product (id, name, sku, price) VALUES (7, 'Coca-Cola 0.5l', 'COKE-05', '1.50')")
            try db.execute(sql: "INSERT INTO setting (key, scope, value) VALUES ('woocommerce_currency', 'store', 'EUR')")
        }

        // When
        let database = try AppDatabase(queue)

        // Then
        let product = try await database.read { db in try ProductRecord.fetchOne(db, key: 7) }
        #expect(product?.name == "Coca-Cola 0.5l")
        #expect(product?.price == "1.50")
        let currency = try await database.read { db in try SettingRecord.value(forKey: "woocommerce_currency", in: db) }
        #expect(currency == "EUR")
        let hits = try await database.read { db in try ProductRecord.search("coc", limit: 5, in: db) }
        #expect(hits.map(\.id) == [7])
        let outboxCount = try await database.read { db in try OutboxRecord.pendingCount(in: db) }
        #expect(outboxCount == 0)
    }

    @Test func migrate_databaseAtV2WithOrder_keepsOrderAndAddsJournal() async throws {
        // Given a database released at v2 with an order and an outbox entry
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration(dates: .constant(StorageFixtures.now)))
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.ordersOutbox)
        let order = try await queue.write { db in
            var order = StorageFixtures.order()
            // Inserted with v2's columns only: today's OrderRecord also has v10-registers' columns
            let values = try order.databaseDictionary.filter { !(["id", "registerId", "cashier", "receiptNumber"] + StorageFixtures.v17OrderColumns).contains($0.key) }
            let columns = values.keys.sorted()
            try db.execute(
                sql: "INSERT INTO \"order\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(columns.map { values[$0] }))
            order.id = db.lastInsertedRowID
            try OutboxRecord.enqueue(.createOrder, orderId: order.id, payload: "{}", in: db)
            return order
        }

        // When
        let database = try AppDatabase(queue)

        // Then (v16-receipt-series numbers the order, the only fiscal transaction, 1 in the series of no register)
        let stored = try await database.read { db in try OrderRecord.fetchOne(db, key: order.id) }
        var numbered = order
        numbered.receiptNumber = 1
        #expect(stored == numbered)
        #expect(try await database.read { db in try OutboxRecord.pendingCount(in: db) } == 1)
        #expect(try await database.read { db in try PaymentJournalRecord.unresolvedCount(in: db) } == 0)
    }

    @Test func openOnDisk_reopenedMigratedFile_opensWithoutMigratingAgain() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        let first = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        try await first.performAndSave { db in try StorageFixtures.product(1, name: "Tea").insert(db) }

        // When
        let second = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))

        // Then
        #expect(try await second.read { db in try ProductRecord.fetchCount(db) } == 1)
    }

    @Test func migrate_whenAStepFails_throwsMigrationFailedNamingTheStep() throws {
        // Given a v1 database where something already took the name of a v2 table
        let queue = try DatabaseQueue()
        try AppMigrations.makeMigrator().migrate(queue, upTo: AppMigrations.settingsCatalog)
        try queue.write { db in try db.execute(sql: "CREATE TABLE outbox (x)") }

        // When
        let error = #expect(throws: StorageError.self) { try AppDatabase(queue) }

        // Then
        #expect(error?.code == .migrationFailed)
        #expect(error?.migration == AppMigrations.ordersOutbox)
        let applied = try queue.read { db in try AppMigrations.makeMigrator().appliedMigrations(db) }
        #expect(applied == [AppMigrations.settingsCatalog])
    }
}
