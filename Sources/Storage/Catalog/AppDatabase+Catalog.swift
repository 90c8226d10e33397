import Foundation
import GRDB
import POSFoundation

/// One page of a catalog pull, as rows ready to write (built by the caller, off the writer).
public enum CatalogPage: Sendable {
    /// Published products with their category links (by product id); `unpublished` ids are removed instead.
    case products([ProductRecord], links: [Int64: [Int64]], unpublished: [Int64])
    /// All the variations of one product; those it no longer has are removed. Skipped when the parent is gone.
    case variations([ProductVariationRecord], parentId: Int64)
}

/// The local catalog in one counting.
public struct CatalogCounts: Hashable, Sendable {
    public var products: Int
    public var variations: Int
}

/// The whole local catalog a demo or a fixture writes in one go.
public struct CatalogSeed: Sendable {
    public var categories: [ProductCategoryRecord]
    public var products: [ProductRecord]
    public var links: [Int64: [Int64]]
    public var variations: [ProductVariationRecord]
    public var coupons: [CouponRecord]
    public var taxClasses: [TaxClassRecord]
    public var taxRates: [TaxRateRecord]
    public var customers: [CustomerRecord]

    public init(
        categories: [ProductCategoryRecord] = [], products: [ProductRecord] = [], links: [Int64: [Int64]] = [:],
        variations: [ProductVariationRecord] = [], coupons: [CouponRecord] = [], taxClasses: [TaxClassRecord] = [],
        taxRates: [TaxRateRecord] = [], customers: [CustomerRecord] = []
    ) {
        self.categories = categories
        self.products = products
        self.links = links
        self.variations = variations
        self.coupons = coupons
        self.taxClasses = taxClasses
        self.taxRates = taxRates
        self.customers = customers
    }
}

/// The catalog as one read transaction sees it: what pricing a cart looks up, all from one snapshot.
///
/// Valid only inside ``AppDatabase/readCatalog(_:)``'s closure.
public struct CatalogSnapshot {
    fileprivate let db: Database

    /// The product or variation a scanned or typed code names.
    public func lookup(_ code: String) throws -> BarcodeMatch? { try BarcodeMatch.lookup(code, in: db) }
    /// One product by id.
    public func product(_ id: Int64) throws -> ProductRecord? { try ProductRecord.find(id: id, in: db) }
    /// One variation by id.
    public func variation(_ id: Int64) throws -> ProductVariationRecord? { try ProductVariationRecord.find(id: id, in: db) }
    /// The category ids of one product.
    public func categoryIds(ofProduct id: Int64) throws -> [Int64] {
        try ProductCategoryLinkRecord.categoryIds(ofProduct: id, in: db)
    }
    /// A coupon by code.
    public func coupon(_ code: String) throws -> CouponRecord? { try CouponRecord.find(code: code, in: db) }
    /// Every tax rate.
    public func taxRates() throws -> [TaxRateRecord] { try TaxRateRecord.all(in: db) }
    /// Every synced tax class.
    public func taxClasses() throws -> [TaxClassRecord] { try TaxClassRecord.fetchAll(db) }
}

// MARK: - Reads

extension AppDatabase {
    /// Runs `body` against one consistent snapshot of the catalog (pricing a cart reads many rows at once).
    public func readCatalog<T: Sendable>(_ body: @escaping @Sendable (CatalogSnapshot) throws -> T) async throws -> T {
        try await read { db in try body(CatalogSnapshot(db: db)) }
    }

    /// The product or variation a scanned or typed code names.
    public func barcodeMatch(_ code: String) async throws -> BarcodeMatch? {
        try await read { db in try BarcodeMatch.lookup(code, in: db) }
    }

    /// The synced tax classes ("standard", "reduced-rate", …), for a manual item's choice.
    public func taxClasses() async throws -> [TaxClassRecord] {
        try await read { db in try TaxClassRecord.fetchAll(db) }
    }

    /// Products whose name or SKU match `text` (full-text search), at most `limit`.
    public func searchProducts(_ text: String, limit: Int) async throws -> [ProductRecord] {
        try await read { db in try ProductRecord.search(text, limit: limit, in: db) }
    }

    /// A product and, when `variationId` is given, one variation, read together.
    public func catalogItem(productId: Int64, variationId: Int64?) async throws -> (ProductRecord?, ProductVariationRecord?) {
        try await read { db in
            (try ProductRecord.fetchOne(db, key: productId),
             try variationId.flatMap { try ProductVariationRecord.fetchOne(db, key: $0) })
        }
    }

    /// The variations of one product.
    public func variations(ofProduct productId: Int64) async throws -> [ProductVariationRecord] {
        try await read { db in try ProductVariationRecord.all().ofProduct(productId).fetchAll(db) }
    }

    /// How many products and variations are stored.
    public func catalogCounts() async throws -> CatalogCounts {
        try await read { db in
            CatalogCounts(products: try ProductRecord.fetchCount(db), variations: try ProductVariationRecord.fetchCount(db))
        }
    }

    /// The ids of every stored product (reconciliation).
    public func allProductIDs() async throws -> Set<Int64> {
        try await read { db in try ProductRecord.allIDs(in: db) }
    }

    /// The stored variable products (their variations are refreshed on a reconciliation).
    public func variableProducts() async throws -> [ProductRecord] {
        try await read { db in try ProductRecord.variableProducts(in: db) }
    }

    /// The sync states of two resources, read together.
    public func syncStates(_ first: String, _ second: String) async throws -> (SyncStateRecord, SyncStateRecord) {
        try await read { db in (try SyncStateRecord.find(first, in: db), try SyncStateRecord.find(second, in: db)) }
    }
}

// MARK: - Writes

extension AppDatabase {
    /// Stores one page of products with their category links and removes `unpublished`, in one transaction.
    ///
    /// - Returns: How many products were removed.
    @discardableResult
    public func storeProductPage(_ records: [ProductRecord], links: [Int64: [Int64]], unpublished: [Int64]) async throws -> Int {
        try await performAndSave { db in
            try ProductRecord.upsertPage(records, in: db)
            try ProductCategoryLinkRecord.replaceLinks(links, in: db)
            return unpublished.isEmpty ? 0 : try ProductRecord.deleteAll(db, keys: unpublished)
        }
    }

    /// Stores all the variations of one product and removes those it no longer has, in one transaction; nothing
    /// when the product is gone.
    public func storeVariations(_ records: [ProductVariationRecord], ofProduct parentId: Int64) async throws {
        try await performAndSave { db in
            guard try ProductRecord.isStored(id: parentId, in: db) else { return }
            try ProductVariationRecord.upsertPage(records, in: db)
            try ProductVariationRecord.deleteAll(ofProduct: parentId, notIn: records.map(\.id), in: db)
        }
    }

    /// Writes many pages in ONE transaction: the bulk ingest path. Large transactions, statements prepared once
    /// per transaction (cached), and the search index maintained once per page with the per-row triggers off
    /// (``ProductSearchIndex/withBulkMaintenance(in:_:)``) are what make ingest run at SQLite's speed.
    ///
    /// - Returns: How many products were removed (unpublished).
    @discardableResult
    public func storeCatalogPages(_ pages: [CatalogPage]) async throws -> Int {
        try await performAndSave { db in
            try ProductSearchIndex.withBulkMaintenance(in: db) {
                var removed = 0
                for page in pages {
                    switch page {
                    case .products(let records, let links, let unpublished):
                        try ProductRecord.upsertPage(records, in: db)
                        try ProductCategoryLinkRecord.replaceLinks(links, in: db)
                        if !unpublished.isEmpty { removed += try ProductRecord.deleteAll(db, keys: unpublished) }
                    case .variations(let records, let parentId):
                        guard try ProductRecord.isStored(id: parentId, in: db) else { continue }
                        try ProductVariationRecord.upsertPage(records, in: db)
                        try ProductVariationRecord.deleteAll(ofProduct: parentId, notIn: records.map(\.id), in: db)
                    }
                }
                return removed
            }
        }
    }

    /// Removes every product not in `ids` (full reconciliation), with their variations and links.
    ///
    /// - Returns: How many were removed.
    public func removeProducts(notIn ids: Set<Int64>) async throws -> Int {
        try await performAndSave { db in try ProductRecord.deleteAll(notIn: ids, in: db) }
    }

    /// Replaces the categories with `records`, in one transaction.
    public func replaceCategories(_ records: [ProductCategoryRecord]) async throws {
        try await performAndSave { db in
            try ProductCategoryRecord.upsertPage(records, in: db)
            try ProductCategoryRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }

    /// Replaces the tax classes and rates, in one transaction.
    public func replaceTaxes(classes: [TaxClassRecord], rates: [TaxRateRecord]) async throws {
        try await performAndSave { db in
            try TaxClassRecord.replaceAll(classes, in: db)
            try TaxRateRecord.upsertPage(rates, in: db)
            try TaxRateRecord.deleteAll(notIn: rates.map(\.id), in: db)
        }
    }

    /// Replaces the coupons, in one transaction.
    public func replaceCoupons(_ records: [CouponRecord]) async throws {
        try await performAndSave { db in
            try CouponRecord.upsertPage(records, in: db)
            try CouponRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }

    /// Replaces the customers, in one transaction.
    public func replaceCustomers(_ records: [CustomerRecord]) async throws {
        try await performAndSave { db in
            try CustomerRecord.upsertPage(records, in: db)
            try CustomerRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }

    /// Upserts a whole catalog (the demo store's) in one transaction; nothing else is removed.
    public func seedCatalog(_ seed: CatalogSeed) async throws {
        try await performAndSave { db in
            try ProductCategoryRecord.upsertPage(seed.categories, in: db)
            try ProductRecord.upsertPage(seed.products, in: db)
            try ProductCategoryLinkRecord.replaceLinks(seed.links, in: db)
            try ProductVariationRecord.upsertPage(seed.variations, in: db)
            try CouponRecord.upsertPage(seed.coupons, in: db)
            try TaxClassRecord.replaceAll(seed.taxClasses, in: db)
            try TaxRateRecord.upsertPage(seed.taxRates, in: db)
            try CustomerRecord.upsertPage(seed.customers, in: db)
        }
    }

    /// Renames stored products, variations (name and attributes), categories and tax rates to the names of the given
    /// records, in one transaction; every other column stays (the demo store's paper-language switch: stock and
    /// prices are the till's). The search index follows the names through its triggers.
    public func renameCatalog(products: [ProductRecord], variations: [ProductVariationRecord],
                              categories: [ProductCategoryRecord], taxRates: [TaxRateRecord]) async throws {
        try await performAndSave { db in
            for product in products {
                try db.execute(sql: "UPDATE product SET name = ? WHERE id = ?", arguments: [product.name, product.id])
            }
            for variation in variations where try ProductVariationRecord.exists(db, key: variation.id) {
                try variation.update(db, columns: ["name", "attributes"])
            }
            for category in categories {
                try db.execute(sql: "UPDATE productCategory SET name = ? WHERE id = ?", arguments: [category.name, category.id])
            }
            for rate in taxRates {
                try db.execute(sql: "UPDATE taxRate SET name = ? WHERE id = ?", arguments: [rate.name, rate.id])
            }
        }
    }

    /// Records a finished catalog sync in one transaction: `resource`'s high-water mark and sync dates, and, after
    /// a full sync or a reconciliation, `reconciliationResource`'s full-sync date.
    public func recordCatalogSync(
        resource: String, reconciliationResource: String, highWaterMark: Date, startedAt: Date, full: Bool,
        reconciled: Bool
    ) async throws {
        try await performAndSave { db in
            var products = try SyncStateRecord.find(resource, in: db)
            products.highWaterMark = highWaterMark
            products.lastIncrementalSyncAt = startedAt
            if full { products.lastFullSyncAt = startedAt }
            try products.save(db)
            if full || reconciled {
                var ids = try SyncStateRecord.find(reconciliationResource, in: db)
                ids.lastFullSyncAt = startedAt
                try ids.save(db)
            }
        }
    }
}

// MARK: - The POS catalog file

extension AppDatabase {
    /// The store setting that holds when the store's host last kept the POS catalog file from this counter (blocked
    /// it, or the store lacked the API), as seconds since 1970; absent when the file was never refused or was used
    /// since. Wiped with the store's data.
    static let catalogFileRefusedAtKey = "pos.catalogFile.refusedAt"

    /// When the host last refused the POS catalog file, if it has not served one since.
    public func catalogFileRefusedAt() async throws -> Date? {
        try await read { db in
            try SettingRecord.value(forKey: Self.catalogFileRefusedAtKey, in: db)
                .flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Records that the host refused the POS catalog file at `date` (the catalog sync pages, and asks again a day
    /// later), or, with `nil`, that it served one.
    public func recordCatalogFileRefused(at date: Date?) async throws {
        try await performAndSave { db in
            if let date {
                try SettingRecord.set(String(date.timeIntervalSince1970), forKey: Self.catalogFileRefusedAtKey,
                                      scope: .store, in: db)
            } else {
                _ = try SettingRecord.deleteOne(db, key: Self.catalogFileRefusedAtKey)
            }
        }
    }
}
