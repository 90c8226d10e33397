import GRDB

/// A tax class (standard, reduced rate, zero rate…), as last synced.
public struct TaxClassRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "taxClass"

    /// The class slug, such as "standard" or "reduced-rate".
    public var slug: String
    public var name: String

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let slug = Column(CodingKeys.slug)
        public static let name = Column(CodingKeys.name)
    }
}
