import POSFoundation

/// Product categories, paged.
public struct ProductCategoriesRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of categories (`GET wc/v3/products/categories`).
    public func loadCategories(page: Int = 1, perPage: Int = 100) async throws(NetworkError) -> PagedItems<ProductCategory> {
        var query = QueryParameters()
        query.set("page", page)
        query.set("per_page", perPage)
        let request = RESTRequest.wooCommerce(.get, "products/categories", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: ProductCategoryListMapper())
    }
}
