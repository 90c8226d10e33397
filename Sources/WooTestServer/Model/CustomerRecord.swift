import Foundation

/// A customer (`wc/v3/customers`).
public struct CustomerRecord: Sendable, Equatable {
    /// The id (a WordPress user id).
    public var id: Int64
    /// The e-mail address.
    public var email: String
    /// First name.
    public var firstName: String = ""
    /// Last name.
    public var lastName: String = ""
    /// The login name.
    public var username: String = ""
    /// The billing address object.
    public var billing: JSON = Address.empty(withEmail: true)
    /// The shipping address object.
    public var shipping: JSON = Address.empty(withEmail: false)
    /// `meta_data`.
    public var metaData: [MetaDatum] = []
    /// Creation date.
    public var dateCreated: Date
    /// Last modification date.
    public var dateModified: Date

    var json: JSON {
        .object([
            ("id", .int(id)), ("date_created", WooDate.json(dateCreated)),
            ("date_created_gmt", WooDate.json(dateCreated)), ("date_modified", WooDate.json(dateModified)),
            ("date_modified_gmt", WooDate.json(dateModified)), ("email", .string(email)),
            ("first_name", .string(firstName)), ("last_name", .string(lastName)), ("role", .string("customer")),
            ("username", .string(username)), ("billing", billing), ("shipping", shipping),
            ("is_paying_customer", .bool(false)), ("avatar_url", .string("")),
            ("meta_data", .array(metaData.map(\.json))),
        ])
    }
}

/// WooCommerce address objects.
enum Address {
    static let fields = ["first_name", "last_name", "company", "address_1", "address_2", "city", "state",
                         "postcode", "country"]

    /// An address with every field empty.
    static func empty(withEmail: Bool) -> JSON {
        .object((fields + (withEmail ? ["email", "phone"] : ["phone"])).map { ($0, .string("")) })
    }

    /// `base` with the posted fields of `posted` merged in.
    static func merge(_ posted: JSON?, into base: JSON) -> JSON {
        guard let pairs = posted?.objectValue else { return base }
        var result = base
        for (key, value) in pairs { result = result.setting(key, .string(value.stringValue ?? "")) }
        return result
    }
}
