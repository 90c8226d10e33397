import POSFoundation

/// Reports.
public struct ReportsRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads how many orders have each status (`GET wc/v3/reports/orders/totals`).
    public func loadOrderTotals() async throws(NetworkError) -> [OrderStatusTotal] {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "reports/orders/totals"), mapper: OrderTotalsReportMapper())
    }
}
