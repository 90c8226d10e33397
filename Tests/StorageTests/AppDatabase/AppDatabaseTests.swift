import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct AppDatabaseTests {
    @Test func wipeStoreData_everything_keepsOnlyAppSettings() async throws {
        // Given a database with catalog, orders, outbox, journal, receipts and both kinds of settings
        let database = try StorageFixtures.inMemoryDatabase()
        let now = StorageFixtures.now
        try await database.performAndSave { db in
            try ProductRecord.upsertPage([StorageFixtures.product(1, name: "Tea", sku: "T")], in: db)
            try ProductVariationRecord.upsertPage([StorageFixtures.variation(2, of: 1)], in: db)
            try ProductCategoryLinkRecord.replaceLinks([1: [3]], in: db)
            try CustomerRecord(id: 1, email: "a@b.c").insert(db)
            try TaxRateRecord(id: 1, rate: "19.0000").insert(db)
            try SettingRecord.set("EUR", forKey: "woocommerce_currency", scope: .store, in: db)
            try SettingRecord.set("thermal", forKey: "pos.printer", scope: .app, in: db)
            var order = StorageFixtures.order()
            try order.insert(db)
            try OutboxRecord.enqueue(.createOrder, orderId: order.id, payload: "{}", in: db)
            var payment = PaymentRecord(orderId: try #require(order.id), method: .cash,
                                        amount: Money(minorUnits: 1, currency: .eur), createdAt: now)
            try payment.insert(db)
            try PaymentJournalRecord(attemptId: "a", orderId: order.id, readerId: "sim://",
                                     amount: Money(minorUnits: 1, currency: .eur), startedAt: now).insert(db)
            var receipt = ReceiptRecord(orderId: order.id, kind: .sale, width: 42, renderedText: "x", createdAt: now)
            try receipt.insert(db)
        }

        // When
        try await database.wipeStoreData()

        // Then
        let counts = try await database.read { db in
            try AppDatabase.storeTables.map { table in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? -1
            }
        }
        #expect(counts.allSatisfy { $0 == 0 })
        let settings = try await database.read { db in try SettingRecord.fetchAll(db).map(\.key) }
        #expect(settings == ["pos.printer"])
        let hits = try await database.read { db in try ProductRecord.search("tea", limit: 5, in: db) }
        #expect(hits.isEmpty)
    }

    @Test func observe_pendingOutboxCount_afterEnqueueAndDone_emitsEachCount() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        var iterator = database.observe { db in try OutboxRecord.pendingCount(in: db) }.makeAsyncIterator()
        let initial = try await iterator.next()

        // When
        let entry = try await database.performAndSave { db in
            try OutboxRecord.enqueue(.addNote, orderId: nil, payload: #"{"note":"hi"}"#, in: db)
        }
        let afterEnqueue = try await iterator.next()
        try await database.performAndSave { db in
            var entry = entry
            try entry.markDone(in: db)
        }
        let afterDone = try await iterator.next()

        // Then
        #expect(initial == 0)
        #expect(afterEnqueue == 1)
        #expect(afterDone == 0)
    }

    @Test func performAndSave_closureThrows_rollsBackAndRethrowsTheSameError() async throws {
        // Given
        struct Cancelled: Error {}
        let database = try StorageFixtures.inMemoryDatabase()

        // When
        await #expect(throws: Cancelled.self) {
            try await database.performAndSave { db in
                try StorageFixtures.product(1, name: "Tea").insert(db)
                throw Cancelled()
            }
        }

        // Then
        #expect(try await database.read { db in try ProductRecord.fetchCount(db) } == 0)
    }

    @Test func performAndSave_duplicateClientUUID_throwsConstraintViolationWithoutArguments() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let uuid = UUIDGenerator.constant(UUID())
        try await database.performAndSave { db in
            var order = StorageFixtures.order(localNumber: 1, uuid: uuid)
            try order.insert(db)
        }

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in
                var order = StorageFixtures.order(localNumber: 2, uuid: uuid)
                order.customerNote = "secret-note"
                try order.insert(db)
            }
        }

        // Then
        #expect(error?.code == .constraintViolation)
        #expect(error?.resultCode == .SQLITE_CONSTRAINT_UNIQUE)
        #expect(error?.description.contains("secret-note") == false)
    }

    @Test(arguments: [
        (ResultCode.SQLITE_FULL, StorageError.Code.diskFull),
        (.SQLITE_READONLY, .readOnly), (.SQLITE_READONLY_DBMOVED, .readOnly), (.SQLITE_PERM, .readOnly),
        (.SQLITE_CANTOPEN, .cannotOpen), (.SQLITE_CORRUPT, .corrupt), (.SQLITE_NOTADB, .corrupt),
        (.SQLITE_BUSY, .locked), (.SQLITE_LOCKED, .locked), (.SQLITE_CONSTRAINT_CHECK, .constraintViolation),
        (.SQLITE_IOERR_WRITE, .ioError), (.SQLITE_ERROR, .other),
    ])
    func storageError_fromDatabaseError_classifiesAndKeepsTheCode(code: ResultCode, expected: StorageError.Code) {
        // Given
        let databaseError = DatabaseError(resultCode: code, message: "boom", sql: "INSERT …", arguments: ["4111111111111111"])

        // When
        let error = StorageError(databaseError)

        // Then
        #expect(error.code == expected)
        #expect(error.resultCode == code)
        #expect(!error.message.isEmpty && !error.recoverySuggestion.isEmpty)
        #expect(!error.description.contains("4111"))
    }
}

struct AppDatabaseSchemaTests {
    @Test func storeTables_coverEveryTableButSettings_soWipeMissesNothing() throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()

        // When
        let tables = try database.read { db in
            try String.fetchSet(db, sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                  AND name NOT LIKE 'productSearch%' AND name NOT LIKE 'customerSearch%'
                """)
        // (the FTS5 indexes follow product and customer through their triggers: CustomerSearchTests checks a wipe)
        }

        // Then
        #expect(tables.subtracting(["setting"]) == Set(AppDatabase.storeTables))
    }
}
