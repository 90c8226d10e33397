import Foundation
import POSFoundation

/// Actions on an order (`wc/v3/orders/{id}/actions/…`, WooCommerce 9.x).
public struct OrderActionsRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Emails the order details (the receipt) to the order's billing address
    /// (`POST wc/v3/orders/{id}/actions/send_order_details`). `email` becomes the billing email when the order
    /// has none, or always with `forceEmailUpdate`. Returns the store's message.
    public func sendOrderDetails(orderID: RemoteID, email: String?, forceEmailUpdate: Bool = false) async throws(NetworkError) -> String {
        var body: [String: JSONValue] = [:]
        if let email { body["email"] = .string(email) }
        if forceEmailUpdate { body["force_email_update"] = .bool(true) }
        let request = RESTRequest.wooCommerce(.post, "orders/\(orderID)/actions/send_order_details", body: .object(body))
        return try await remote.enqueue(request, mapper: OrderActionMessageMapper())
    }
}
