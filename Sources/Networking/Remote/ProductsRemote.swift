import Foundation
import POSFoundation

/// Catalog products: paged loads (full or incremental with `modified_after`), search, SKU and barcode lookup.
public struct ProductsRemote: Sendable {
    /// What to ask `GET wc/v3/products` for.
    public struct Query: Hashable, Sendable {
        public var page: Int
        public var perPage: Int
        /// Only products changed after this instant (sent with `dates_are_gmt=true`).
        public var modifiedAfter: Date?
        public var search: String?
        public var sku: String?
        /// A GTIN/EAN/UPC scanned at the counter (WooCommerce ≥ 9.2).
        public var globalUniqueID: String?
        public var include: [RemoteID]
        /// "publish" by default; nil asks for every status.
        public var status: String?
        public var type: String?
        /// `_fields`: only these keys are sent back (smaller, faster pages).
        public var fields: [String]

        public init(
            page: Int = 1, perPage: Int = 100, modifiedAfter: Date? = nil, search: String? = nil, sku: String? = nil,
            globalUniqueID: String? = nil, include: [RemoteID] = [], status: String? = "publish", type: String? = nil,
            fields: [String] = []
        ) {
            self.page = page
            self.perPage = perPage
            self.modifiedAfter = modifiedAfter
            self.search = search
            self.sku = sku
            self.globalUniqueID = globalUniqueID
            self.include = include
            self.status = status
            self.type = type
            self.fields = fields
        }

        var parameters: QueryParameters {
            var query = QueryParameters()
            query.set("page", page)
            query.set("per_page", perPage)
            query.set("orderby", "id")
            query.set("order", "asc")
            if let modifiedAfter {
                query.set("modified_after", modifiedAfter)
                query.set("dates_are_gmt", true)
            }
            query.set("search", search)
            query.set("sku", sku)
            query.set("global_unique_id", globalUniqueID)
            query.set("include", list: include.map { String($0) })
            query.set("status", status)
            query.set("type", type)
            query.set("_fields", list: fields)
            return query
        }
    }

    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of products.
    public func loadProducts(_ query: Query = Query()) async throws(NetworkError) -> PagedItems<Product> {
        let request = RESTRequest.wooCommerce(.get, "products", query: query.parameters)
        return try await remote.enqueuePaged(request, page: query.page, perPage: query.perPage, mapper: ProductListMapper())
    }

    /// Loads one product.
    public func loadProduct(id: RemoteID) async throws(NetworkError) -> Product {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "products/\(id)"), mapper: ProductMapper())
    }
}
