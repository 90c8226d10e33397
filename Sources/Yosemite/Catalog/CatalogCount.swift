/// How many products and variations the local catalog holds.
public struct CatalogCount: Hashable, Sendable, Codable {
    public var products: Int
    public var variations: Int

    public init(products: Int, variations: Int) {
        self.products = products
        self.variations = variations
    }
}
