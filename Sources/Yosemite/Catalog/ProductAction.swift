/// Reads the local catalog: barcode lookup and search-as-you-type. Works offline.
public enum ProductAction: Action {
    public typealias Failure = CatalogError

    /// Finds the product or variation whose SKU or GTIN is `code`; fails with ``CatalogError/notFound(code:)``.
    case lookup(code: String, reply: Reply<CatalogItem>)
    /// Reads a scanned code as the counter sells it: a weight or price label (GS1 prefix 20–29, by the
    /// layouts in the app settings) becomes its product found by the PLU with the weight or price; any other
    /// code is looked up as ``lookup(code:reply:)`` does. Fails with ``CatalogError/unreadableLabel(code:reason:)``
    /// for a wrong check digit, ``CatalogError/notFound(code:)`` when no product has the code or PLU.
    case scan(code: String, reply: Reply<ScannedItem>)
    /// Products whose name or SKU has words starting with each word of `text`, best first.
    case search(text: String, limit: Int, reply: Reply<[CatalogProduct]>)
    /// One product, or one variation with its parent, by id (an order line's `product_id`/`variation_id`);
    /// fails with ``CatalogError/notFound(code:)`` naming the id when it is not in the local catalog.
    case loadItem(
        productID: Int64, variationID: Int64?, reply: Reply<CatalogItem>)
    /// The variations of a variable product, in the shop's order.
    case loadVariations(productID: Int64, reply: Reply<[CatalogVariation]>)
    /// How many products and variations the local catalog holds.
    case count(reply: Reply<CatalogCount>)
}
