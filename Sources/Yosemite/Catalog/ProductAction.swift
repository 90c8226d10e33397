/// Reads the local catalog: barcode lookup and search-as-you-type. Works offline.
public enum ProductAction: Action {
    /// Finds the product or variation whose SKU or GTIN is `code`; fails with ``CatalogError/notFound(code:)``.
    case lookup(code: String, onCompletion: @Sendable (Result<CatalogItem, CatalogError>) -> Void)
    /// Products whose name or SKU has words starting with each word of `text`, best first.
    case search(text: String, limit: Int, onCompletion: @Sendable (Result<[CatalogProduct], CatalogError>) -> Void)
    /// One product, or one variation with its parent, by id (an order line's `product_id`/`variation_id`);
    /// fails with ``CatalogError/notFound(code:)`` naming the id when it is not in the local catalog.
    case loadItem(
        productID: Int64, variationID: Int64?, onCompletion: @Sendable (Result<CatalogItem, CatalogError>) -> Void)
    /// The variations of a variable product, in the shop's order.
    case loadVariations(productID: Int64, onCompletion: @Sendable (Result<[CatalogVariation], CatalogError>) -> Void)
    /// How many products and variations the local catalog holds.
    case count(onCompletion: @Sendable (Result<CatalogCount, CatalogError>) -> Void)
}
