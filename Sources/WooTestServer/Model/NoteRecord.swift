import Foundation

/// An order note.
public struct NoteRecord: Sendable, Equatable {
    /// The id.
    public var id: Int64
    /// The order.
    public var orderID: Int64
    /// The text.
    public var note: String
    /// Whether the customer sees it.
    public var customerNote: Bool
    /// Who wrote it (`system` or a user name).
    public var author: String
    /// When.
    public var dateCreated: Date

    var json: JSON {
        .object([
            ("id", .int(id)), ("author", .string(author)), ("date_created", WooDate.json(dateCreated)),
            ("date_created_gmt", WooDate.json(dateCreated)), ("note", .string(note)),
            ("customer_note", .bool(customerNote)),
        ])
    }
}
