import GRDB

/// A tax rate, as last synced: where it applies, its percentage as decimal text ("19.0000"), and how it
/// combines with others.
public struct TaxRateRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "taxRate"

    /// The WooCommerce tax rate id.
    public var id: Int64
    /// ISO 3166 country code; empty matches every country.
    public var country: String
    public var state: String
    public var postcodes: [String]
    public var cities: [String]
    /// The percentage exactly as the server wrote it; parse it with `ExactDecimal(parsing:)`.
    public var rate: String
    public var name: String
    public var priority: Int
    public var compound: Bool
    public var shipping: Bool
    /// The server's `order`: rates are applied in this order.
    public var position: Int
    /// The tax class slug ("standard", "reduced-rate"…).
    public var taxClass: String

    public init(
        id: Int64, country: String = "", state: String = "", postcodes: [String] = [], cities: [String] = [],
        rate: String, name: String = "", priority: Int = 1, compound: Bool = false, shipping: Bool = true,
        position: Int = 0, taxClass: String = "standard"
    ) {
        self.id = id
        self.country = country
        self.state = state
        self.postcodes = postcodes
        self.cities = cities
        self.rate = rate
        self.name = name
        self.priority = priority
        self.compound = compound
        self.shipping = shipping
        self.position = position
        self.taxClass = taxClass
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let country = Column(CodingKeys.country)
        public static let priority = Column(CodingKeys.priority)
        public static let position = Column(CodingKeys.position)
        public static let taxClass = Column(CodingKeys.taxClass)
    }
}
