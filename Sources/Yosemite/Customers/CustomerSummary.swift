import Foundation
import Storage

/// A customer as the fronts see it: Yosemite's own value, never a Storage record.
public struct CustomerSummary: Hashable, Sendable, Codable {
    /// The WooCommerce customer id (the customer number).
    public var id: Int64
    public var firstName: String
    public var lastName: String
    public var email: String
    public var phone: String
    /// The billing city, when known.
    public var city: String

    public init(id: Int64, firstName: String = "", lastName: String = "", email: String = "", phone: String = "",
                city: String = "") {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.city = city
    }

    init(_ record: CustomerRecord) {
        self.init(id: record.id, firstName: record.firstName, lastName: record.lastName, email: record.email,
                  phone: record.phone.isEmpty ? record.billingAddress?.phone ?? "" : record.phone,
                  city: record.billingAddress?.city ?? "")
    }

    /// "Erika Mustermann", else the e-mail, else "Customer #42".
    public var displayName: String {
        let name = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        if !name.isEmpty { return name }
        return email.isEmpty ? "Customer #\(id)" : email
    }

    /// "Erika Mustermann · erika@example.com · +49 30 1234567", for a list.
    public var detail: String {
        ([email, phone, city].filter { !$0.isEmpty }).joined(separator: " · ")
    }
}
