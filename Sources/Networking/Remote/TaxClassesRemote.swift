import POSFoundation

/// Tax classes.
public struct TaxClassesRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads the tax classes (`GET wc/v3/taxes/classes`).
    public func loadTaxClasses() async throws(NetworkError) -> [TaxClass] {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "taxes/classes"), mapper: TaxClassListMapper())
    }
}
