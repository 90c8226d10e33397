import POSFoundation

/// A payment gateway (`GET /wc/v3/payment_gateways`), such as `cod` or `bacs`.
public struct PaymentGateway: Hashable, Sendable, Decodable {
    /// One setting of a gateway: its value as text.
    public struct Setting: Hashable, Sendable, Decodable {
        public let id: String
        public let label: String
        public let type: String
        public let value: String

        enum CodingKeys: String, CodingKey { case id, label, type, value }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = c.string(.id)
            label = c.string(.label)
            type = c.string(.type)
            let raw = (try? c.decodeIfPresent(JSONValue.self, forKey: .value)) ?? .null
            value = raw.stringValue ?? raw.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? ""
        }
    }

    public let id: String
    public let title: String
    public let description: String
    /// The display order; nil when the store never ordered gateways ("").
    public let order: Int?
    public let enabled: Bool
    public let methodTitle: String
    public let methodDescription: String
    /// Features such as "products", "refunds".
    public let methodSupports: [String]
    /// Settings by id.
    public let settings: [String: Setting]

    enum CodingKeys: String, CodingKey {
        case id, title, description, order, enabled, settings
        case methodTitle = "method_title", methodDescription = "method_description", methodSupports = "method_supports"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.string(.id)
        title = c.string(.title)
        description = c.string(.description)
        order = c.lenientInt(.order)
        enabled = c.bool(.enabled)
        methodTitle = c.string(.methodTitle)
        methodDescription = c.string(.methodDescription)
        methodSupports = c.stringList(.methodSupports)
        settings = (try? c.lenientObject(.settings, of: [String: Setting].self)) ?? [:]
    }
}
