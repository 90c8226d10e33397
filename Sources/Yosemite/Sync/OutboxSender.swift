import Foundation
import Networking
import POSFoundation

/// The sync engine's requests: outbox payloads sent as they were queued, the client-UUID lookup and the stock
/// check. Payloads are the exact JSON bodies the selling side wrote, so what reaches the store is what was sold.
public struct OutboxSender: Sendable {
    /// The `_fields` of the lookup: enough to adopt an order and check its lines and totals.
    static let lookupFields = ["id", "number", "status", "currency", "total", "total_tax", "line_items", "meta_data"]

    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// `POST wc/v3/orders` with a queued body.
    public func createOrder(_ body: JSONValue) async throws(NetworkError) -> Order {
        try await remote.enqueue(RESTRequest.wooCommerce(.post, "orders", body: body), mapper: OrderMapper())
    }

    /// `PUT wc/v3/orders/{id}` with a queued body (mark paid, status change): idempotent.
    public func updateOrder(id: RemoteID, _ body: JSONValue) async throws(NetworkError) -> Order {
        try await remote.enqueue(RESTRequest.wooCommerce(.put, "orders/\(id)", body: body), mapper: OrderMapper())
    }

    /// `POST wc/v3/orders/{id}/notes` with a queued body.
    public func addNote(orderID: RemoteID, _ body: JSONValue) async throws(NetworkError) {
        try await remote.enqueueIgnoringBody(RESTRequest.wooCommerce(.post, "orders/\(orderID)/notes", body: body))
    }

    /// `POST wc/v3/orders/{id}/refunds` with a queued body (`api_refund: false`).
    public func createRefund(orderID: RemoteID, _ body: JSONValue) async throws(NetworkError) {
        try await remote.enqueueIgnoringBody(RESTRequest.wooCommerce(.post, "orders/\(orderID)/refunds", body: body))
    }

    /// True when the order already has a refund carrying this `_pos_refund_uuid` (an earlier send that arrived).
    public func hasRefund(orderID: RemoteID, refundUUID: String) async throws(NetworkError) -> Bool {
        let refunds = try await RefundsRemote(network: remote.network).loadRefunds(orderID: orderID)
        return refunds.contains { refund in
            refund.metaData.contains { $0.key == RefundPayload.refundUUIDMetaKey && $0.value.stringValue == refundUUID }
        }
    }

    /// `POST wc/v3/orders/batch`: creates and updates, each answered on its own.
    public func batch(creates: [JSONValue], updates: [(id: RemoteID, body: JSONValue)]) async throws(NetworkError)
        -> OrderBatchResult {
        var members: [String: JSONValue] = [:]
        if !creates.isEmpty { members["create"] = .array(creates) }
        if !updates.isEmpty {
            members["update"] = .array(updates.map { update in
                var body = update.body.objectValue ?? [:]
                body["id"] = .int(update.id)
                return .object(body)
            })
        }
        return try await remote.enqueue(
            RESTRequest.wooCommerce(.post, "orders/batch", body: .object(members)), mapper: OrderBatchMapper())
    }

    /// Finds orders carrying these client UUIDs, created after `after`: `GET wc/v3/orders?after=…&include_meta=
    /// _pos_client_uuid&_fields=…&per_page=100`, page by page until all are found or the pages end.
    public func lookUp(clientUUIDs: Set<ClientUUID>, after: Date) async throws(NetworkError) -> [ClientUUID: Order] {
        var found: [ClientUUID: Order] = [:]
        var page = 1
        while found.count < clientUUIDs.count {
            let query = OrdersRemote.Query(
                page: page, perPage: 100, after: after, includeMeta: [Order.clientUUIDMetaKey], fields: Self.lookupFields)
            let result = try await OrdersRemote(network: remote.network).loadOrders(query)
            for order in result.items {
                if let uuid = order.clientUUID, clientUUIDs.contains(uuid), found[uuid] == nil { found[uuid] = order }
            }
            guard result.hasMorePages, !result.items.isEmpty else { break }
            page += 1
        }
        return found
    }

    /// The managed products among `ids` whose stock is below zero.
    public func negativeStock(productIDs: [RemoteID]) async throws(NetworkError) -> [NegativeStock] {
        var result: [NegativeStock] = []
        for start in stride(from: 0, to: productIDs.count, by: 100) {
            let ids = Array(productIDs[start..<min(start + 100, productIDs.count)])
            var query = QueryParameters()
            query.set("include", list: ids.map { String($0) })
            query.set("per_page", 100)
            query.set("status", "any")
            query.set("_fields", list: ["id", "name", "manage_stock", "stock_quantity"])
            let products = try await remote.enqueue(
                RESTRequest.wooCommerce(.get, "products", query: query), mapper: ProductListMapper())
            for product in products where product.manageStock {
                if let quantity = product.stockQuantity, quantity.significand < 0 {
                    result.append(NegativeStock(productId: product.id, name: product.name, quantity: "\(quantity)"))
                }
            }
        }
        return result
    }
}
