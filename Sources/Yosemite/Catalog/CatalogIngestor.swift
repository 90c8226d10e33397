import Foundation
import Networking
import POSFoundation
import Storage

/// Writes what a sync fetched into the local catalog: one page, one transaction through `performAndSave`.
///
/// The sync and the benchmark share it, so the benchmark measures the real write path.
public struct CatalogIngestor: Sendable {
    /// What storing one page of products did.
    public struct ProductPage: Sendable {
        /// The products stored (published ones).
        public var stored: [ProductRecord]
        /// Ids of products that are no longer published and were removed.
        public var removed: Int
    }

    /// The database written to.
    public let database: AppDatabase
    /// The store currency: prices are also kept in its minor units.
    public let currency: Currency

    /// Creates an ingestor writing to `database`, pricing in `currency`.
    public init(database: AppDatabase, currency: Currency) {
        self.database = database
        self.currency = currency
    }

    /// Stores one page of products with their category links; products not published are removed instead.
    @discardableResult
    public func storeProducts(_ products: [Product]) async throws -> ProductPage {
        let currency = currency
        let published = products.filter { $0.status.isEmpty || $0.status == "publish" }
        let records = published.map { CatalogRecords.product($0, currency: currency) }
        let links = Dictionary(published.map { ($0.id, $0.categories.map(\.id)) }, uniquingKeysWith: { a, _ in a })
        let unpublished = products.filter { !($0.status.isEmpty || $0.status == "publish") }.map(\.id)
        let removed = try await database.performAndSave { db in
            try ProductRecord.upsertPage(records, in: db)
            try ProductCategoryLinkRecord.replaceLinks(links, in: db)
            return unpublished.isEmpty ? 0 : try ProductRecord.deleteAll(db, keys: unpublished)
        }
        return ProductPage(stored: records, removed: removed)
    }

    /// Stores all the variations of one product and removes those it no longer has.
    public func storeVariations(_ variations: [ProductVariation], of parent: ProductRecord) async throws {
        let currency = currency
        let records = variations.map { CatalogRecords.variation($0, parent: parent, currency: currency) }
        try await database.performAndSave { db in
            guard try ProductRecord.exists(db, key: parent.id) else { return }
            try ProductVariationRecord.upsertPage(records, in: db)
            try ProductVariationRecord.deleteAll(ofProduct: parent.id, notIn: records.map(\.id), in: db)
        }
    }

    /// Removes every product not in `ids` (full reconciliation). - Returns: How many were removed.
    public func removeProducts(notIn ids: Set<RemoteID>) async throws -> Int {
        try await database.performAndSave { db in try ProductRecord.deleteAll(notIn: ids, in: db) }
    }

    /// Replaces the categories with `categories`.
    public func storeCategories(_ categories: [ProductCategory]) async throws {
        let records = categories.map(CatalogRecords.category)
        try await database.performAndSave { db in
            try ProductCategoryRecord.upsertPage(records, in: db)
            try ProductCategoryRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }

    /// Replaces the tax classes and rates.
    public func storeTaxes(classes: [TaxClass], rates: [TaxRate]) async throws {
        let classRecords = classes.map(CatalogRecords.taxClass)
        let rateRecords = rates.map(CatalogRecords.taxRate)
        try await database.performAndSave { db in
            try TaxClassRecord.replaceAll(classRecords, in: db)
            try TaxRateRecord.upsertPage(rateRecords, in: db)
            try TaxRateRecord.deleteAll(notIn: rateRecords.map(\.id), in: db)
        }
    }

    /// Replaces the coupons.
    public func storeCoupons(_ coupons: [Coupon]) async throws {
        let records = coupons.map(CatalogRecords.coupon)
        try await database.performAndSave { db in
            try CouponRecord.upsertPage(records, in: db)
            try CouponRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }

    /// Replaces the customers.
    public func storeCustomers(_ customers: [Customer]) async throws {
        let records = customers.map(CatalogRecords.customer)
        try await database.performAndSave { db in
            try CustomerRecord.upsertPage(records, in: db)
            try CustomerRecord.deleteAll(notIn: records.map(\.id), in: db)
        }
    }
}
