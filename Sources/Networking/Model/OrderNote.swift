import Foundation
import POSFoundation

/// A note on an order: private (staff only) or to the customer.
public struct OrderNote: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let author: String
    public let dateCreated: Date?
    public let note: String
    /// Whether the customer sees the note (and got it by email).
    public let isCustomerNote: Bool

    enum CodingKeys: String, CodingKey {
        case id, author, note
        case dateCreated = "date_created", dateCreatedGMT = "date_created_gmt", customerNote = "customer_note"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        author = c.string(.author)
        dateCreated = c.lenientDate(.dateCreatedGMT, orLocal: .dateCreated)
        note = c.string(.note)
        isCustomerNote = c.bool(.customerNote)
    }
}
