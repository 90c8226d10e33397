import POSFoundation

/// Customers: look up by id, list or search (core and wc-analytics).
public struct CustomersRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one customer (`GET wc/v3/customers/{id}`).
    public func loadCustomer(id: RemoteID) async throws(NetworkError) -> Customer {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "customers/\(id)"), mapper: CustomerMapper())
    }

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

    /// Searches customers, guests included (`GET wc-analytics/customers`).
    public func searchAnalyticsCustomers(search: String, page: Int = 1, perPage: Int = 25) async throws(NetworkError) -> PagedItems<WCAnalyticsCustomer> {
        var query = QueryParameters()
        query.set("search", search)
        query.set("searchby", "all")
        query.set("page", page)
        query.set("per_page", perPage)
        let request = RESTRequest.namespace("wc-analytics", .get, "customers", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: WCAnalyticsCustomerListMapper())
    }
}
