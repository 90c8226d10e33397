import POSFoundation

/// Tax rates, paged.
public struct TaxRatesRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of tax rates (`GET wc/v3/taxes`).
    public func loadTaxRates(page: Int = 1, perPage: Int = 100) async throws(NetworkError) -> PagedItems<TaxRate> {
        var query = QueryParameters()
        query.set("page", page)
        query.set("per_page", perPage)
        let request = RESTRequest.wooCommerce(.get, "taxes", query: query)
        return try await remote.enqueuePaged(request, page: page, perPage: perPage, mapper: TaxRateListMapper())
    }
}
