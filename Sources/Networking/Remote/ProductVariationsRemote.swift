import Foundation
import POSFoundation

/// Variations of a variable product, paged.
public struct ProductVariationsRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of a product's variations (`GET wc/v3/products/{id}/variations`).
    public func loadVariations(
        productID: RemoteID, page: Int = 1, perPage: Int = 100, modifiedAfter: Date? = nil, fields: [String] = []
    ) async throws(NetworkError) -> PagedItems<ProductVariation> {
        var query = QueryParameters()
        query.set("page", page)
        query.set("per_page", perPage)
        if let modifiedAfter {
            query.set("modified_after", modifiedAfter)
            query.set("dates_are_gmt", true)
        }
        if !fields.isEmpty { query.set("_fields", list: fields) }
        let request = RESTRequest.wooCommerce(.get, "products/\(productID)/variations", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: ProductVariationListMapper(productID: productID))
    }
}
