import POSFoundation

/// Coupons: paged list and search.
public struct CouponsRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of coupons, optionally searching by code.
    public func loadCoupons(search: String? = nil, page: Int = 1, perPage: Int = 100) async throws(NetworkError) -> PagedItems<Coupon> {
        var query = QueryParameters()
        query.set("search", search)
        query.set("page", page)
        query.set("per_page", perPage)
        let request = RESTRequest.wooCommerce(.get, "coupons", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: CouponListMapper())
    }
}
