import Foundation
import POSFoundation

/// A catalog product, as `GET /wc/v3/products` returns it.
///
/// Catalog payloads carry no currency and keep whatever precision the merchant typed, so ``price``,
/// ``regularPrice`` and ``salePrice`` are ``ExactDecimal`` values (nil for ""); turn them into ``Money``
/// with `price?.money(in: storeCurrency)`. ``stockQuantity`` is nil when stock is not managed (or sent as
/// null) and may have decimals on stores with fractional-stock plugins.
public struct Product: Hashable, Sendable {
    public let id: RemoteID
    public let name: String
    public let slug: String
    /// "simple", "variable", "grouped", "external", or a plugin's type.
    public let type: String
    /// "publish", "draft", "pending", "private".
    public let status: String
    public let sku: String
    /// The GTIN/EAN/UPC/ISBN (WooCommerce ≥ 9.2), "" when none.
    public let globalUniqueID: String
    public let price: ExactDecimal?
    public let regularPrice: ExactDecimal?
    public let salePrice: ExactDecimal?
    public let onSale: Bool
    public let purchasable: Bool
    public let isVirtual: Bool
    public let isDownloadable: Bool
    /// "taxable", "shipping" or "none".
    public let taxStatus: String
    /// The tax class slug, "" for the standard class.
    public let taxClass: String
    public let manageStock: Bool
    public let stockQuantity: ExactDecimal?
    /// "instock", "outofstock", "onbackorder".
    public let stockStatus: String
    public let categories: [ProductCategoryReference]
    public let attributes: [ProductAttribute]
    /// The ids of the variations of a variable product.
    public let variationIDs: [RemoteID]
    public let parentID: RemoteID
    public let dateModified: Date?
    /// The first image's URL.
    public let imageURL: String?
    public let metaData: [MetaData]
}

extension Product {
    static let readKeys: [StaticString] = [
        "id", "name", "slug", "type", "status", "sku", "global_unique_id", "price", "regular_price", "sale_price",
        "on_sale", "purchasable", "virtual", "downloadable", "tax_status", "tax_class", "manage_stock",
        "stock_quantity", "stock_status", "categories", "attributes", "variations", "parent_id", "date_modified_gmt",
        "date_modified", "images", "meta_data",
    ]

    /// Reads the product at `index` of `tape`, as tolerantly as the REST API needs (see ``JSONField``).
    init(reading tape: JSONTape, at index: Int) throws {
        let slots = try tape.object(at: index, keys: Self.readKeys)
        func field(_ slot: Int) -> JSONField {
            JSONField(tape: tape, index: slots[slot], key: Self.readKeys[slot])
        }
        id = try field(0).requiredID()
        name = field(1).string()
        slug = field(2).string()
        type = field(3).lenientString() ?? "simple"
        status = field(4).string()
        sku = field(5).string()
        globalUniqueID = field(6).string()
        price = try field(7).lenientDecimal()
        regularPrice = try field(8).lenientDecimal()
        salePrice = try field(9).lenientDecimal()
        onSale = field(10).bool()
        purchasable = field(11).lenientBool() ?? true
        isVirtual = field(12).bool()
        isDownloadable = field(13).bool()
        taxStatus = field(14).lenientString() ?? "taxable"
        taxClass = field(15).string()
        manageStock = field(16).bool()
        stockQuantity = try? field(17).lenientQuantity()
        stockStatus = field(18).string()
        categories = (try? field(19).lenientArray(ProductCategoryReference.init(reading:at:))) ?? []
        attributes = (try? field(20).lenientArray(ProductAttribute.init(reading:at:))) ?? []
        variationIDs = field(21).idList()
        parentID = field(22).lenientInt64() ?? 0
        dateModified = field(23).lenientDate(orLocal: field(24))
        imageURL = ((try? field(25).lenientArray(ImageReference.init(reading:at:))) ?? []).lazy.compactMap(\.src).first
        metaData = field(26).metaData()
    }
}
