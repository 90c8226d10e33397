import POSFoundation

/// Payment gateways.
public struct PaymentGatewaysRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads every gateway (`GET wc/v3/payment_gateways`).
    public func loadGateways() async throws(NetworkError) -> [PaymentGateway] {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "payment_gateways"), mapper: PaymentGatewayListMapper())
    }
}
