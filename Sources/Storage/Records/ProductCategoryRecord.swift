import GRDB

/// A product category, as last synced.
public struct ProductCategoryRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "productCategory"

    /// The WooCommerce category id.
    public var id: Int64
    public var name: String
    public var slug: String
    /// The parent category's id; `nil` (or 0 from the server, stored as `nil`) at the top level.
    public var parentId: Int64?
    public var menuOrder: Int

    public init(id: Int64, name: String, slug: String = "", parentId: Int64? = nil, menuOrder: Int = 0) {
        self.id = id
        self.name = name
        self.slug = slug
        self.parentId = parentId == 0 ? nil : parentId
        self.menuOrder = menuOrder
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let parentId = Column(CodingKeys.parentId)
        public static let menuOrder = Column(CodingKeys.menuOrder)
    }
}
