import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct CatalogRequestsTests {
    private typealias Fixtures = StorageFixtures

    private func catalog() async throws -> AppDatabase {
        let database = try Fixtures.inMemoryDatabase()
        try await database.performAndSave { db in
            try ProductRecord.upsertPage([
                Fixtures.product(1, name: "Coca-Cola 0.5l", sku: "COKE-05", gtin: "5449000000996"),
                Fixtures.product(2, name: "Cocoa powder", sku: "COC-100"),
                Fixtures.product(3, name: "Crème brûlée", sku: "DESSERT-1"),
                Fixtures.product(4, name: "T-shirt", sku: "TS", gtin: "012345678905"),
                Fixtures.product(5, name: "Hot chocolate", sku: "HOT-1"),
            ], in: db)
            try ProductVariationRecord.upsertPage([
                Fixtures.variation(41, of: 4, sku: "TS-L", gtin: "4006381333931"),
                Fixtures.variation(42, of: 4, sku: "TS-M"),
            ], in: db)
        }
        return database
    }

    // MARK: - Upsert and reconciliation

    @Test func upsertPage_existingProduct_updatesInPlaceAndKeepsVariationsAndLinks() async throws {
        // Given
        let database = try await catalog()
        try await database.performAndSave { db in try ProductCategoryLinkRecord.replaceLinks([4: [9, 10]], in: db) }

        // When
        var renamed = Fixtures.product(4, name: "Organic T-shirt", sku: "TS")
        renamed.price = "21.00"
        try await database.performAndSave { [renamed] db in try ProductRecord.upsertPage([renamed], in: db) }

        // Then
        let (product, variations, linked) = try await database.read { db in
            (try ProductRecord.fetchOne(db, key: 4),
             try ProductVariationRecord.all().ofProduct(4).fetchAll(db).map(\.id),
             try ProductRecord.all().inCategory(10).fetchAll(db).map(\.id))
        }
        #expect(product == renamed)
        #expect(variations == [41, 42])
        #expect(linked == [4])
        let hits = try await database.read { db in try ProductRecord.search("organic", limit: 5, in: db) }
        #expect(hits.map(\.id) == [4])
    }

    @Test func deleteAllNotIn_fullReconciliation_deletesMissingProductsWithTheirVariations() async throws {
        // Given
        let database = try await catalog()

        // When
        let deleted = try await database.performAndSave { db in try ProductRecord.deleteAll(notIn: [1, 2, 3], in: db) }

        // Then
        #expect(deleted == 2)
        let (products, variations, searchHits) = try await database.read { db in
            (try ProductRecord.fetchAll(db).map(\.id),
             try ProductVariationRecord.fetchCount(db),
             try ProductRecord.search("shirt", limit: 5, in: db))
        }
        #expect(products == [1, 2, 3])
        #expect(variations == 0)
        #expect(searchHits.isEmpty)
    }

    @Test func deleteAllNotIn_manyThousandIds_staysClearOfTheParameterLimit() async throws {
        // Given 40,000 ids to keep, more than SQLite's 32,766 bound parameters
        let database = try await catalog()
        let keep = Array(Int64(1)...40_000)

        // When
        let deleted = try await database.performAndSave { db in try ProductRecord.deleteAll(notIn: keep, in: db) }

        // Then
        #expect(deleted == 0)
    }

    @Test func deleteVariationsNotIn_scopedToOneProduct_keepsOtherProductsVariations() async throws {
        // Given
        let database = try await catalog()
        try await database.performAndSave { db in
            try ProductVariationRecord.upsertPage([Fixtures.variation(51, of: 5)], in: db)
        }

        // When
        let deleted = try await database.performAndSave { db in
            try ProductVariationRecord.deleteAll(ofProduct: 4, notIn: [42], in: db)
        }

        // Then
        #expect(deleted == 1)
        let remaining = try await database.read { db in try ProductVariationRecord.order(Column("id")).fetchAll(db).map(\.id) }
        #expect(remaining == [42, 51])
    }

    // MARK: - Barcode lookup

    @Test(arguments: [
        ("COKE-05", Int64(1), Int64?.none),
        ("coke-05", 1, nil),
        (" COKE-05\r\n", 1, nil),
        ("5449000000996", 1, nil),
        ("TS", 4, nil),
        ("12345678905", 4, nil),          // UPC-A without its leading zero
        ("0012345678905", 4, nil),        // the same as EAN-13
        ("TS-L", 4, 41),
        ("4006381333931", 4, 41),          // a variation's GTIN
        ("04006381333931", 4, 41),         // as GTIN-14
    ])
    func lookupBarcode_knownCode_findsProductOrVariation(code: String, productId: Int64, variationId: Int64?) async throws {
        // Given
        let database = try await catalog()

        // When
        let match = try await database.read { db in try BarcodeMatch.lookup(code, in: db) }

        // Then
        #expect(match?.product.id == productId)
        if let variationId {
            guard case .variation(let variation, _) = match else {
                Issue.record("expected a variation, got \(String(describing: match))")
                return
            }
            #expect(variation.id == variationId)
        } else {
            guard case .product = match else {
                Issue.record("expected a product, got \(String(describing: match))")
                return
            }
        }
    }

    @Test(arguments: ["", "   ", "UNKNOWN", "999", "COKE"])
    func lookupBarcode_unknownCode_findsNothing(code: String) async throws {
        // Given
        let database = try await catalog()

        // When
        let match = try await database.read { db in try BarcodeMatch.lookup(code, in: db) }

        // Then
        #expect(match == nil)
    }

    // MARK: - Search

    @Test func search_prefixOfWords_findsRankedMatches() async throws {
        // Given
        let database = try await catalog()

        // When
        let coc = try await database.read { db in try ProductRecord.search("coc", limit: 10, in: db) }
        let twoWords = try await database.read { db in try ProductRecord.search("hot choc", limit: 10, in: db) }
        let bySku = try await database.read { db in try ProductRecord.search("coke-0", limit: 10, in: db) }
        let limited = try await database.read { db in try ProductRecord.search("c", limit: 1, in: db) }

        // Then
        #expect(Set(coc.map(\.id)) == [1, 2])
        #expect(twoWords.map(\.id) == [5])
        #expect(bySku.map(\.id) == [1])
        #expect(limited.count == 1)
    }

    @Test func search_withoutDiacritics_findsAccentedNames() async throws {
        // Given
        let database = try await catalog()

        // When
        let hits = try await database.read { db in try ProductRecord.search("creme brul", limit: 10, in: db) }

        // Then
        #expect(hits.map(\.id) == [3])
    }

    @Test(arguments: [
        "\"", "\"\"", "*", "coc*", "NEAR(", "NEAR(coc cocoa, 2)", "-", "-coc", "coc OR", "AND", "OR NOT",
        "name:coc", "{name sku}: coc", "^coc", "coc\"", "'; DROP TABLE product; --", "(", ")", "+", "🙂",
        "Crème\u{0301}", "日本語", "\u{0000}", String(repeating: "a ", count: 500),
    ])
    func search_hostileInput_neverThrows(text: String) async throws {
        // Given
        let database = try await catalog()

        // When
        let hits = try await database.read { db in try ProductRecord.search(text, limit: 10, in: db) }

        // Then
        #expect(hits.count <= 10)
        #expect(try await database.read { db in try ProductRecord.fetchCount(db) } == 5)
    }

    @Test func search_operatorsTypedAsText_matchAsPlainWords() async throws {
        // Given
        let database = try await catalog()

        // When
        let star = try await database.read { db in try ProductRecord.search("coc*", limit: 10, in: db) }
        let near = try await database.read { db in try ProductRecord.search("NEAR(coc", limit: 10, in: db) }
        let minus = try await database.read { db in try ProductRecord.search("-cola", limit: 10, in: db) }

        // Then
        #expect(Set(star.map(\.id)) == [1, 2])
        #expect(near.isEmpty)
        #expect(minus.map(\.id) == [1])
    }

    @Test func searchPattern_quotesEveryWordAsAPrefix() {
        #expect(ProductRecord.searchPattern(for: "  Coca-Cola \"x\" NEAR(") == #""Coca"* "Cola"* "x"* "NEAR"*"#)
        #expect(ProductRecord.searchPattern(for: "*-\"") == nil)
    }
}
