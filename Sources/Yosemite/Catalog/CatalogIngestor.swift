import Foundation
import Networking
import POSFoundation
import Storage

/// Writes what a sync fetched into the local catalog: one page, one transaction, through Storage's named catalog writes.
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
        let removed = try await database.storeProductPage(records, links: links, unpublished: unpublished)
        return ProductPage(stored: records, removed: removed)
    }

    /// Stores all the variations of one product and removes those it no longer has.
    public func storeVariations(_ variations: [ProductVariation], of parent: ProductRecord) async throws {
        let currency = currency
        let records = variations.map { CatalogRecords.variation($0, parent: parent, currency: currency) }
        try await database.storeVariations(records, ofProduct: parent.id)
    }

    /// The local row of a product as the sync stores it (the parent of its variations).
    public func record(for product: Product) -> ProductRecord {
        CatalogRecords.product(product, currency: currency)
    }

    /// One page of a pull, ready to be written with others in one transaction.
    public enum Write: Sendable {
        /// A page of products (with their category links; products not published are removed instead).
        case products([Product])
        /// All the variations of one product (those it no longer has are removed).
        case variations([ProductVariation], parent: ProductRecord)
    }

    /// What ``store(_:)`` wrote.
    public struct Totals: Sendable, Equatable {
        public var products = 0
        public var removed = 0
        public var variations = 0
        /// The variable products among the stored ones (their variations are fetched next).
        public var variableProducts: [ProductRecord] = []

        public init() {}
    }

    /// One write with its rows built (``prepare(_:)``), ready to go into a transaction with others.
    public struct PreparedWrite: Sendable {
        let page: CatalogPage
        /// What writing it adds to the totals (``Totals/removed`` is only known once written).
        let totals: Totals
        /// The rows it writes (products or variations; at least 1), for sizing transactions.
        public let rowCount: Int
    }

    /// Builds the rows of one write: products mapped to records (published ones; the others are removed
    /// instead), variations to records under their parent. Pure work, no database: the write pipeline runs it in
    /// the fetching tasks, beside decoding, so its single writer only writes.
    public func prepare(_ write: Write) -> PreparedWrite {
        let currency = currency
        var totals = Totals()
        switch write {
        case .products(let products):
            var published: [ProductRecord] = []
            var links: [Int64: [Int64]] = [:]
            var unpublished: [Int64] = []
            published.reserveCapacity(products.count)
            for product in products {
                if product.status.isEmpty || product.status == "publish" {
                    let record = CatalogRecords.product(product, currency: currency)
                    published.append(record)
                    if links[product.id] == nil { links[product.id] = product.categories.map(\.id) }
                    if record.type == "variable" { totals.variableProducts.append(record) }
                } else {
                    unpublished.append(product.id)
                }
            }
            totals.products = published.count
            return PreparedWrite(page: .products(published, links: links, unpublished: unpublished), totals: totals,
                                 rowCount: max(products.count, 1))
        case .variations(let variations, let parent):
            totals.variations = variations.count
            let records = variations.map { CatalogRecords.variation($0, parent: parent, currency: currency) }
            return PreparedWrite(page: .variations(records, parentId: parent.id), totals: totals,
                                 rowCount: max(variations.count, 1))
        }
    }

    /// Writes many pages in ONE transaction: large transactions, statements prepared once per transaction, and
    /// the search index updated in one go are what make ingest run at SQLite's speed (one commit per page
    /// costs a sync to disk each). The rows are built before the transaction, off the database's writer.
    @discardableResult
    public func store(_ writes: [Write]) async throws -> Totals {
        try await store(prepared: writes.map(prepare))
    }

    /// Writes pages whose rows ``prepare(_:)`` built, in ONE transaction.
    @discardableResult
    public func store(prepared writes: [PreparedWrite]) async throws -> Totals {
        var totals = Totals()
        for write in writes {
            totals.products += write.totals.products
            totals.variations += write.totals.variations
            totals.variableProducts += write.totals.variableProducts
        }
        totals.removed = try await database.storeCatalogPages(writes.map(\.page))
        return totals
    }

    /// Removes every product not in `ids` (full reconciliation). - Returns: How many were removed.
    public func removeProducts(notIn ids: Set<RemoteID>) async throws -> Int {
        try await database.removeProducts(notIn: ids)
    }

    /// Replaces the categories with `categories`.
    public func storeCategories(_ categories: [ProductCategory]) async throws {
        let records = categories.map(CatalogRecords.category)
        try await database.replaceCategories(records)
    }

    /// Replaces the tax classes and rates.
    public func storeTaxes(classes: [TaxClass], rates: [TaxRate]) async throws {
        let classRecords = classes.map(CatalogRecords.taxClass)
        let rateRecords = rates.map(CatalogRecords.taxRate)
        try await database.replaceTaxes(classes: classRecords, rates: rateRecords)
    }

    /// Replaces the coupons.
    public func storeCoupons(_ coupons: [Coupon]) async throws {
        let records = coupons.map(CatalogRecords.coupon)
        try await database.replaceCoupons(records)
    }

    /// Replaces the customers.
    public func storeCustomers(_ customers: [Customer]) async throws {
        let records = customers.map(CatalogRecords.customer)
        try await database.replaceCustomers(records)
    }
}
