import POSFoundation

/// Notes on an order.
public struct OrderNotesRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Adds a note; a customer note is emailed to the customer.
    public func addNote(orderID: RemoteID, note: String, isCustomerNote: Bool = false) async throws(NetworkError) -> OrderNote {
        let body: JSONValue = ["note": .string(note), "customer_note": .bool(isCustomerNote), "added_by_user": true]
        return try await remote.enqueue(RESTRequest.wooCommerce(.post, "orders/\(orderID)/notes", body: body), mapper: OrderNoteMapper())
    }
}
