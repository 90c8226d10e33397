import Foundation
import POSFoundation

/// A tax rate, as `GET /wc/v3/taxes` returns it.
///
/// ``rate`` is the percentage as the merchant typed it ("19.0000"), kept exact. Empty ``country``/``state``
/// match everywhere. WooCommerce ≥ 5.3 sends `postcodes`/`cities` lists; older stores send one
/// `postcode`/`city` string (";"-separated); both are read into the lists.
public struct TaxRate: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let country: String
    public let state: String
    public let postcodes: [String]
    public let cities: [String]
    public let rate: ExactDecimal?
    public let name: String
    public let priority: Int
    public let isCompound: Bool
    /// Whether the rate also applies to shipping.
    public let appliesToShipping: Bool
    public let order: Int
    /// The tax class slug, "standard" for the standard class.
    public let taxClass: String

    enum CodingKeys: String, CodingKey {
        case id, country, state, postcode, postcodes, city, cities, rate, name, priority, compound, shipping, order
        case taxClass = "class"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        country = c.string(.country)
        state = c.string(.state)
        func list(_ plural: CodingKeys, _ single: CodingKeys) -> [String] {
            let values = c.stringList(plural)
            if !values.isEmpty { return values }
            return c.string(single).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        postcodes = list(.postcodes, .postcode)
        cities = list(.cities, .city)
        rate = try c.lenientDecimal(.rate)
        name = c.string(.name)
        priority = c.lenientInt(.priority) ?? 1
        isCompound = c.bool(.compound)
        appliesToShipping = c.bool(.shipping)
        order = c.lenientInt(.order) ?? 0
        taxClass = c.lenientString(.taxClass) ?? "standard"
    }
}
