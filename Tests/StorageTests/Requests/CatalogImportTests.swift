import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// A cheap check that a catalog import in pages works end to end; speed is measured by the bench command.
struct CatalogImportTests {
    @Test func upsertPage_twoThousandProductsInPages_allSearchableAndFound() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.openOnDisk(at: directory.path("pos.sqlite"), dates: .constant(StorageFixtures.now))
        let total = 2_000, pageSize = 100

        // When: one transaction per page, as Yosemite's sync does
        for start in stride(from: 1, through: total, by: pageSize) {
            let page = (start..<(start + pageSize)).map { id in
                StorageFixtures.product(Int64(id), name: "Product \(id) Widget", sku: "SKU-\(id)", gtin: String(4_000_000_000_000 + id))
            }
            try await database.performAndSave { db in try ProductRecord.upsertPage(page, in: db) }
        }

        // Then
        let (count, match, hits) = try await database.read { db in
            (try ProductRecord.fetchCount(db),
             try BarcodeMatch.lookup("4000000001999", in: db),
             try ProductRecord.search("sku-777", limit: 5, in: db))
        }
        #expect(count == total)
        #expect(match?.product.id == 1999)
        #expect(hits.first?.id == 777)
    }
}
