import Foundation
import POSFoundation

/// A registered customer, as `GET /wc/v3/customers/{id}` returns it.
public struct Customer: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let email: String
    public let firstName: String
    public let lastName: String
    public let username: String
    public let billing: Address
    public let shipping: Address
    public let dateModified: Date?

    enum CodingKeys: String, CodingKey {
        case id, email, username, billing, shipping
        case firstName = "first_name", lastName = "last_name"
        case dateModified = "date_modified", dateModifiedGMT = "date_modified_gmt"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        email = c.string(.email)
        firstName = c.string(.firstName)
        lastName = c.string(.lastName)
        username = c.string(.username)
        billing = try c.lenientObject(.billing) ?? Address()
        shipping = try c.lenientObject(.shipping) ?? Address()
        dateModified = c.lenientDate(.dateModifiedGMT, orLocal: .dateModified)
    }
}
