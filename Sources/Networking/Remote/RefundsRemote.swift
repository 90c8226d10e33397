import POSFoundation

/// Refunds of an order.
public struct RefundsRemote: Sendable {
    /// A line to refund: the order's line item id, the quantity and the amounts (positive).
    public struct LineItem: Hashable, Sendable {
        public let orderLineItemID: RemoteID
        public let quantity: Int
        public let refundTotal: Money
        /// Tax refunded per tax rate id.
        public let refundTax: [RemoteID: Money]

        public init(orderLineItemID: RemoteID, quantity: Int, refundTotal: Money, refundTax: [RemoteID: Money] = [:]) {
            self.orderLineItemID = orderLineItemID
            self.quantity = quantity
            self.refundTotal = refundTotal
            self.refundTax = refundTax
        }

        var json: JSONValue {
            let taxes: [JSONValue] = refundTax.keys.sorted().map { id in
                ["id": .int(id), "refund_total": .string(refundTax[id]?.decimalString ?? "0")]
            }
            return ["id": .int(orderLineItemID), "quantity": .int(Int64(quantity)),
                    "refund_total": .string(refundTotal.decimalString), "refund_tax": .array(taxes)]
        }
    }

    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads an order's refunds; line-item amounts are counted in `currency`.
    public func loadRefunds(orderID: RemoteID, currency: Currency? = nil) async throws(NetworkError) -> [Refund] {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "orders/\(orderID)/refunds"), mapper: RefundListMapper(currency: currency))
    }

    /// Creates a refund.
    ///
    /// - Parameters:
    ///   - amount: The total refunded.
    ///   - apiRefund: Whether the payment gateway must send the money back (`api_refund`); false records a
    ///     refund paid out by hand (cash, or a card refund done on the terminal).
    ///   - restockItems: Whether stock is increased for the refunded lines.
    public func createRefund(
        orderID: RemoteID, amount: Money, reason: String = "", apiRefund: Bool = false, restockItems: Bool = true,
        lineItems: [LineItem] = [], metaData: [MetaData] = []
    ) async throws(NetworkError) -> Refund {
        var body: [String: JSONValue] = [
            "amount": .string(amount.decimalString), "reason": .string(reason), "api_refund": .bool(apiRefund),
            "restock_items": .bool(restockItems),
        ]
        if !lineItems.isEmpty { body["line_items"] = .array(lineItems.map(\.json)) }
        if !metaData.isEmpty { body["meta_data"] = .array(metaData.map(\.json)) }
        let request = RESTRequest.wooCommerce(.post, "orders/\(orderID)/refunds", body: .object(body))
        return try await remote.enqueue(request, mapper: RefundMapper(currency: amount.currency))
    }
}
