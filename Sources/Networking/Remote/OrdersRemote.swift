import Foundation
import POSFoundation

/// Orders: list and look up, create, update, batch.
public struct OrdersRemote: Sendable {
    /// What to ask `GET wc/v3/orders` for.
    public struct Query: Hashable, Sendable {
        public var page: Int
        public var perPage: Int
        /// Statuses to include; empty means any.
        public var statuses: [OrderStatus]
        public var after: Date?
        public var before: Date?
        public var modifiedAfter: Date?
        public var search: String?
        /// `include_meta`: only these meta keys come back (`_pos_client_uuid` for the lookup before a retry).
        public var includeMeta: [String]
        /// `_fields`: only these keys come back.
        public var fields: [String]

        public init(
            page: Int = 1, perPage: Int = 25, statuses: [OrderStatus] = [], after: Date? = nil, before: Date? = nil,
            modifiedAfter: Date? = nil, search: String? = nil, includeMeta: [String] = [], fields: [String] = []
        ) {
            self.page = page
            self.perPage = perPage
            self.statuses = statuses
            self.after = after
            self.before = before
            self.modifiedAfter = modifiedAfter
            self.search = search
            self.includeMeta = includeMeta
            self.fields = fields
        }

        var parameters: QueryParameters {
            var query = QueryParameters()
            query.set("page", page)
            query.set("per_page", perPage)
            query.set("status", statuses.isEmpty ? "any" : statuses.map(\.slug).joined(separator: ","))
            query.set("after", after)
            query.set("before", before)
            query.set("modified_after", modifiedAfter)
            query.set("dates_are_gmt", true)
            query.set("search", search)
            query.set("include_meta", list: includeMeta)
            query.set("_fields", list: fields)
            return query
        }
    }

    /// What to send to `POST wc/v3/orders/batch`.
    public struct Batch: Hashable, Sendable {
        public var create: [OrderFields]
        public var update: [(id: RemoteID, fields: OrderFields)] { get { updates.map { ($0.id, $0.fields) } } set { updates = newValue.map(Update.init) } }
        public var delete: [RemoteID]
        private var updates: [Update]

        private struct Update: Hashable, Sendable {
            let id: RemoteID
            let fields: OrderFields
        }

        public init(create: [OrderFields] = [], update: [(id: RemoteID, fields: OrderFields)] = [], delete: [RemoteID] = []) {
            self.create = create
            self.delete = delete
            updates = update.map(Update.init)
        }

        var json: JSONValue {
            var members: [String: JSONValue] = [:]
            if !create.isEmpty { members["create"] = .array(create.map(\.json)) }
            if !updates.isEmpty {
                members["update"] = .array(updates.map { update in
                    var body = update.fields.json.objectValue ?? [:]
                    body["id"] = .int(update.id)
                    return .object(body)
                })
            }
            if !delete.isEmpty { members["delete"] = .array(delete.map { .int($0) }) }
            return .object(members)
        }
    }

    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads one page of orders.
    public func loadOrders(_ query: Query = Query()) async throws(NetworkError) -> PagedItems<Order> {
        let request = RESTRequest.wooCommerce(.get, "orders", query: query.parameters)
        return try await remote.enqueuePaged(request, page: query.page, perPage: query.perPage, mapper: OrderListMapper())
    }

    /// Loads one order.
    public func loadOrder(id: RemoteID) async throws(NetworkError) -> Order {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "orders/\(id)"), mapper: OrderMapper())
    }

    /// Creates an order. Not idempotent: after a failure that ``NetworkError/mayHaveReachedServer``, look the
    /// order up by its client UUID before sending again.
    public func createOrder(_ fields: OrderFields) async throws(NetworkError) -> Order {
        try await remote.enqueue(RESTRequest.wooCommerce(.post, "orders", body: fields.json), mapper: OrderMapper())
    }

    /// Updates an order (`POST wc/v3/orders/{id}`).
    public func updateOrder(id: RemoteID, _ fields: OrderFields) async throws(NetworkError) -> Order {
        try await remote.enqueue(RESTRequest.wooCommerce(.post, "orders/\(id)", body: fields.json), mapper: OrderMapper())
    }

    /// Creates, updates and deletes orders in one request; each item succeeds or fails on its own.
    public func batch(_ batch: Batch) async throws(NetworkError) -> OrderBatchResult {
        try await remote.enqueue(RESTRequest.wooCommerce(.post, "orders/batch", body: batch.json), mapper: OrderBatchMapper())
    }
}
