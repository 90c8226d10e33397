import Foundation
import GRDB
import Testing
@testable import Storage

/// The bulk search-index maintenance of a large ingest leaves the FTS5 index exactly as the per-row triggers do.
struct ProductSearchBulkIndexTests {
    private typealias Fixtures = StorageFixtures

    private enum Mode { case rowByRow, bulk }

    private func write(_ mode: Mode, to database: AppDatabase, _ body: @escaping @Sendable (Database) throws -> Void)
        async throws
    {
        try await database.performAndSave { db in
            switch mode {
            case .rowByRow: try body(db)
            case .bulk: try ProductSearchIndex.withBulkMaintenance(in: db) { try body(db) }
            }
        }
    }

    /// Every (term, product, column, offset) of the index, plus FTS5's own check against the product table.
    private func indexContents(of database: AppDatabase) async throws -> [String] {
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

    private func apply(_ mode: Mode, to database: AppDatabase) async throws {
        // A full ingest: many pages in one transaction, one product twice.
        try await write(mode, to: database) { db in
            for page in 0..<5 {
                let products = (1...40).map { index -> ProductRecord in
                    let id = Int64(page * 40 + index)
                    return Fixtures.product(id, name: "Product \(id) crème \(id % 7)", sku: "SKU-\(id)")
                }
                try ProductRecord.upsertPage(products, in: db)
            }
            try ProductRecord.upsertPage([Fixtures.product(3, name: "Renamed twice", sku: "R-3")], in: db)
        }
        // An incremental pull: renamed, new SKU, unchanged and new products, and one unpublished.
        try await write(mode, to: database) { db in
            try ProductRecord.upsertPage([
                Fixtures.product(5, name: "Hot chocolate", sku: "HOT-1"),
                Fixtures.product(6, name: "Product 6 crème 6", sku: "NEW-6"),
                Fixtures.product(7, name: "Product 7 crème 0", sku: "SKU-7"),
                Fixtures.product(500, name: "Brand new", sku: nil),
            ], in: db)
            _ = try ProductRecord.deleteAll(db, keys: [8])
        }
        // A full reconciliation that deletes the products no longer in the store.
        try await write(mode, to: database) { db in
            _ = try ProductRecord.deleteAll(notIn: Array(Int64(1)...150) + [500], in: db)
        }
    }

    @Test func bulkMaintenance_ingestChangeAndDeletion_leaveTheIndexAsRowByRowTriggersDo() async throws {
        // Given
        let rowByRow = try Fixtures.inMemoryDatabase()
        let bulk = try Fixtures.inMemoryDatabase()

        // When
        try await apply(.rowByRow, to: rowByRow)
        try await apply(.bulk, to: bulk)

        // Then
        let expected = try await indexContents(of: rowByRow)
        let actual = try await indexContents(of: bulk)
        #expect(!expected.isEmpty)
        #expect(actual == expected)
        let hits = try await bulk.read { db in try ProductRecord.search("hot choc", limit: 5, in: db) }
        #expect(hits.map(\.id) == [5])
    }

    @Test func bulkMaintenance_afterTheTransaction_theTriggersIndexRowByRowAgain() async throws {
        // Given
        let database = try Fixtures.inMemoryDatabase()
        try await write(.bulk, to: database) { db in
            try ProductRecord.upsertPage([Fixtures.product(1, name: "Cocoa powder", sku: "COC-100")], in: db)
        }

        // When
        try await database.performAndSave { db in
            #expect(try !ProductSearchIndex.isInBulkMode(db))
            try ProductRecord.upsertPage([Fixtures.product(1, name: "Organic cocoa", sku: "COC-100")], in: db)
        }

        // Then
        let hits = try await database.read { db in try ProductRecord.search("organic", limit: 5, in: db) }
        #expect(hits.map(\.id) == [1])
        _ = try await indexContents(of: database)
    }
}
