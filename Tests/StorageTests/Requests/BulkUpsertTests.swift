import Foundation
import GRDB
import Testing
@testable import Storage

/// The catalog's bulk upsert binds its values straight to SQLite: the rows must be exactly what GRDB's own
/// `Codable` persistence writes, and a bulk ingest transaction must leave the search index as row-by-row writes do.
struct BulkUpsertTests {
    private typealias Fixtures = StorageFixtures

    /// Every column of every row, as SQLite's `quote()` prints it (type and value).
    private func rows(_ table: String, of database: AppDatabase) async throws -> [String] {
        try await database.read { db in
            let columns = try db.columns(in: table).map { "quote(\($0.name.quotedDatabaseIdentifier))" }
            return try String.fetchAll(db, sql: "SELECT \(columns.joined(separator: " || '|' || ")) FROM \(table) ORDER BY id")
        }
    }

    private static let products: [ProductRecord] = [
        ProductRecord(
            id: 1, name: "Crème brûlée „groß“ 🍮", slug: "creme", type: "variable", status: "publish", sku: "DESSERT-1",
            globalUniqueId: "4006381333931", price: "12.50", regularPrice: "13.00", salePrice: "12.50",
            priceMinorUnits: 1250, taxStatus: "taxable", taxClass: "reduced-rate", manageStock: true, stockQuantity: -3,
            stockStatus: "onbackorder", purchasable: false, imageURL: "https://example.com/a.png",
            dateModified: Date(timeIntervalSince1970: 1_767_225_600), soldByWeight: true),
        // Empty texts, nil optionals, a date with milliseconds and one before 1970 (GRDB's formatter for both).
        ProductRecord(id: 2, name: "", sku: nil, globalUniqueId: nil, priceMinorUnits: nil,
                      dateModified: Date(timeIntervalSince1970: 1_700_000_000.123)),
        ProductRecord(id: 3, name: "Old", dateModified: Date(timeIntervalSince1970: -86_400 * 365)),
        ProductRecord(id: 4, name: "No date", dateModified: nil),
    ]

    @Test func bulkUpsert_everyKindOfValue_writesTheRowsGRDBsCodablePersistenceWrites() async throws {
        // Given
        let bulk = try Fixtures.inMemoryDatabase()
        let codable = try Fixtures.inMemoryDatabase()
        let variations = [
            Fixtures.variation(11, of: 1, sku: "D-S", gtin: "012345678905"),
            ProductVariationRecord(id: 12, productId: 1, name: "", attributes: [], menuOrder: 7,
                                   dateModified: Date(timeIntervalSince1970: 951_782_400)),
            // Attributes whose JSON needs every kind of escape (written by hand, compared with JSONEncoder's).
            ProductVariationRecord(id: 13, productId: 1, name: "Tricky", attributes: [
                .init(name: "Größe \"XL\" / 1\\2", option: String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })),
                .init(name: "", option: "é€😀\u{2028}\u{7F}</script>"),
            ]),
        ]

        // When
        try await bulk.performAndSave { db in
            try ProductRecord.upsertPage(Self.products, in: db)
            try ProductVariationRecord.upsertPage(variations, in: db)
        }
        try await codable.performAndSave { db in
            for product in Self.products { try product.insert(db) }
            for variation in variations { try variation.insert(db) }
        }

        // Then
        let expectedProducts = try await rows("product", of: codable)
        #expect(try await rows("product", of: bulk) == expectedProducts)
        let expectedVariations = try await rows("productVariation", of: codable)
        #expect(try await rows("productVariation", of: bulk) == expectedVariations)
    }

    @Test func productRecordRowDecoding_everyKindOfValue_readsBackWhatWasWritten() async throws {
        // Given every kind of value, written through GRDB's Codable persistence
        let database = try Fixtures.inMemoryDatabase()
        try await database.performAndSave { db in for product in Self.products { try product.insert(db) } }

        // When they are read back through the hand-written `init(row:)`
        let read = try await database.read { db in try ProductRecord.order(Column("id")).fetchAll(db) }

        // Then each field is what was written (dates to the millisecond GRDB stores)
        #expect(read.count == Self.products.count)
        for (got, expected) in zip(read, Self.products) {
            var withoutDates = (got, expected)
            withoutDates.0.dateModified = nil
            withoutDates.1.dateModified = nil
            #expect(withoutDates.0 == withoutDates.1)
            #expect((got.dateModified == nil) == (expected.dateModified == nil))
            if let date = got.dateModified, let wanted = expected.dateModified {
                #expect(abs(date.timeIntervalSince(wanted)) < 0.001)
            }
        }
    }

    @Test(arguments: [0.0, 951_782_400, 1_767_225_599, 253_402_300_799, 1_700_000_000.5, -1])
    func databaseDateText_isGRDBsStoredText(_ interval: Double) {
        let date = Date(timeIntervalSince1970: interval)
        #expect(DatabaseDateText.text(for: date) == String.fromDatabaseValue(date.databaseValue))
    }

    @Test func bulkUpsert_sameProductTwiceThenUnpublishedInOneTransaction_leavesTheIndexAsRowByRow() async throws {
        // Given: products 1…6 stored and indexed
        let rowByRow = try Fixtures.inMemoryDatabase()
        let bulk = try Fixtures.inMemoryDatabase()
        for database in [rowByRow, bulk] {
            try await database.performAndSave { db in
                try ProductRecord.upsertPage((1...6).map { Fixtures.product($0, name: "Cocoa \($0)", sku: "C-\($0)") }, in: db)
            }
        }

        // When: pages out of id order; 2 rewritten twice; 3 and the new 9 written, then deleted (unpublished)
        let pages: [[ProductRecord]] = [
            [Fixtures.product(8, name: "Tea 8", sku: "T-8"), Fixtures.product(2, name: "Mint tea 2", sku: "T-2")],
            [Fixtures.product(9, name: "Ginger 9", sku: "G-9"), Fixtures.product(3, name: "Lemon 3", sku: "L-3")],
            [Fixtures.product(2, name: "Green tea 2", sku: "G-2"), Fixtures.product(7, name: "Honey 7", sku: "H-7")],
        ]
        for (database, bulkMode) in [(rowByRow, false), (bulk, true)] {
            try await database.performAndSave { db in
                func body() throws {
                    for page in pages { try ProductRecord.upsertPage(page, in: db) }
                    _ = try ProductRecord.deleteAll(db, keys: [3, 9, 5])
                }
                if bulkMode { try ProductSearchIndex.withBulkMaintenance(in: db, body) } else { try body() }
            }
        }

        // Then
        let expected = try await indexTerms(of: rowByRow)
        #expect(!expected.isEmpty)
        #expect(try await indexTerms(of: bulk) == expected)
        let hits = try await bulk.read { db in try ProductRecord.search("green", limit: 5, in: db) }
        #expect(hits.map(\.id) == [2])
        let gone = try await bulk.read { db in try ProductRecord.search("lemon", limit: 5, in: db) }
        #expect(gone.isEmpty)
    }

    /// Every (term, row, column, offset) of the search index, after FTS5's own check against the product table.
    private func indexTerms(of database: AppDatabase) async throws -> [String] {
        try await database.performAndSave { db in
            try db.execute(sql: "INSERT INTO productSearch(productSearch, rank) VALUES('integrity-check', 1)")
            try db.execute(sql: """
                CREATE VIRTUAL TABLE IF NOT EXISTS temp.productSearchTerms \
                USING fts5vocab('main', 'productSearch', 'instance')
                """)
            return try String.fetchAll(db, sql: """
                SELECT term || ' ' || doc || ' ' || col || ' ' || offset FROM temp.productSearchTerms \
                ORDER BY term, doc, col, offset
                """)
        }
    }
}
