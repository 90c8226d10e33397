import POSFoundation

/// A billing or shipping address of an order or a customer.
///
/// Every field is a string, "" when empty. Shipping addresses have no email; WooCommerce ≥ 5.6 adds a phone.
public struct Address: Hashable, Sendable, Codable {
    public let firstName: String
    public let lastName: String
    public let company: String
    public let address1: String
    public let address2: String
    public let city: String
    public let state: String
    public let postcode: String
    public let country: String
    public let email: String
    public let phone: String

    public init(
        firstName: String = "", lastName: String = "", company: String = "", address1: String = "",
        address2: String = "", city: String = "", state: String = "", postcode: String = "",
        country: String = "", email: String = "", phone: String = ""
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.address1 = address1
        self.address2 = address2
        self.city = city
        self.state = state
        self.postcode = postcode
        self.country = country
        self.email = email
        self.phone = phone
    }

    /// Whether every field is empty.
    public var isEmpty: Bool { self == Address() }

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name", company
        case address1 = "address_1", address2 = "address_2", city, state, postcode, country, email, phone
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            firstName: c.string(.firstName), lastName: c.string(.lastName), company: c.string(.company),
            address1: c.string(.address1), address2: c.string(.address2), city: c.string(.city),
            state: c.string(.state), postcode: c.string(.postcode), country: c.string(.country),
            email: c.string(.email), phone: c.string(.phone)
        )
    }

    /// The body form WooCommerce accepts; `email` is left out when empty (it would be rejected as invalid).
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        for (key, value) in [
            ("first_name", firstName), ("last_name", lastName), ("company", company), ("address_1", address1),
            ("address_2", address2), ("city", city), ("state", state), ("postcode", postcode),
            ("country", country), ("phone", phone),
        ] {
            members[key] = .string(value)
        }
        if !email.isEmpty { members["email"] = .string(email) }
        return .object(members)
    }
}
