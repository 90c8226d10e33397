/// How many products and variations the local catalog holds.
public struct CatalogCount: Hashable, Sendable, Codable {
    /// Stored products (variable ones count once).
    public var products: Int
    /// Stored variations.
    public var variations: Int

    /// Creates a count.
    public init(products: Int, variations: Int) {
        self.products = products
        self.variations = variations
    }
}
