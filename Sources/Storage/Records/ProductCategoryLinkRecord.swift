import GRDB

/// That a product belongs to a category (the many-to-many link).
///
/// There is no foreign key to the category: a product page may name a category that has not arrived yet.
/// Deleting the product deletes its links.
public struct ProductCategoryLinkRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "productCategoryLink"

    public var productId: Int64
    public var categoryId: Int64

    public init(productId: Int64, categoryId: Int64) {
        self.productId = productId
        self.categoryId = categoryId
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let productId = Column(CodingKeys.productId)
        public static let categoryId = Column(CodingKeys.categoryId)
    }
}
