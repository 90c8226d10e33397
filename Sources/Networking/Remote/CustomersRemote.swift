import POSFoundation

/// Customers: list or search.
public struct CustomersRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Lists or searches registered customers (`GET wc/v3/customers?search=`).
    public func loadCustomers(search: String? = nil, page: Int = 1, perPage: Int = 25) async throws(NetworkError) -> PagedItems<Customer> {
        var query = QueryParameters()
        query.set("search", search)
        query.set("page", page)
        query.set("per_page", perPage)
        query.set("role", "all")
        let request = RESTRequest.wooCommerce(.get, "customers", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: CustomerListMapper())
    }
}
