import Foundation
import GRDB

/// A store customer, as last synced.
public struct CustomerRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "customer"

    /// A postal address, stored as JSON.
    public struct Address: Codable, Hashable, Sendable {
        public var firstName, lastName, company, address1, address2, city, state, postcode, country: String
        public var email: String?
        public var phone: String?

        public init(
            firstName: String = "", lastName: String = "", company: String = "", address1: String = "",
            address2: String = "", city: String = "", state: String = "", postcode: String = "",
            country: String = "", email: String? = nil, phone: String? = nil
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
    }

    /// The WooCommerce customer id.
    public var id: Int64
    public var email: String
    public var firstName: String
    public var lastName: String
    public var username: String
    public var phone: String
    public var billingAddress: Address?
    public var shippingAddress: Address?
    public var dateModified: Date?

    public init(
        id: Int64, email: String = "", firstName: String = "", lastName: String = "", username: String = "",
        phone: String = "", billingAddress: Address? = nil, shippingAddress: Address? = nil, dateModified: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.phone = phone
        self.billingAddress = billingAddress
        self.shippingAddress = shippingAddress
        self.dateModified = dateModified
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let email = Column(CodingKeys.email)
        public static let firstName = Column(CodingKeys.firstName)
        public static let lastName = Column(CodingKeys.lastName)
        public static let phone = Column(CodingKeys.phone)
    }
}
