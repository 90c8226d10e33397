import Foundation
import POSFoundation

/// A catalog product, as `GET /wc/v3/products` returns it.
///
/// Catalog payloads carry no currency and keep whatever precision the merchant typed, so ``price``,
/// ``regularPrice`` and ``salePrice`` are ``ExactDecimal`` values (nil for ""); turn them into ``Money``
/// with `price?.money(in: storeCurrency)`. ``stockQuantity`` is nil when stock is not managed (or sent as
/// null) and may have decimals on stores with fractional-stock plugins.
public struct Product: Hashable, Sendable, Decodable {
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

    enum CodingKeys: String, CodingKey {
        case id, name, slug, type, status, sku, price, categories, attributes, variations, images, purchasable
        case globalUniqueID = "global_unique_id", regularPrice = "regular_price", salePrice = "sale_price"
        case onSale = "on_sale", virtual, downloadable, taxStatus = "tax_status", taxClass = "tax_class"
        case manageStock = "manage_stock", stockQuantity = "stock_quantity", stockStatus = "stock_status"
        case parentID = "parent_id", dateModified = "date_modified", dateModifiedGMT = "date_modified_gmt"
        case metaData = "meta_data"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        name = c.string(.name)
        slug = c.string(.slug)
        type = c.lenientString(.type) ?? "simple"
        status = c.string(.status)
        sku = c.string(.sku)
        globalUniqueID = c.string(.globalUniqueID)
        price = try c.lenientDecimal(.price)
        regularPrice = try c.lenientDecimal(.regularPrice)
        salePrice = try c.lenientDecimal(.salePrice)
        onSale = c.bool(.onSale)
        purchasable = c.lenientBool(.purchasable) ?? true
        isVirtual = c.bool(.virtual)
        isDownloadable = c.bool(.downloadable)
        taxStatus = c.lenientString(.taxStatus) ?? "taxable"
        taxClass = c.string(.taxClass)
        manageStock = c.bool(.manageStock)
        stockQuantity = try? c.lenientQuantity(.stockQuantity)
        stockStatus = c.string(.stockStatus)
        categories = (try? c.lenientArray(.categories, of: ProductCategoryReference.self)) ?? []
        attributes = (try? c.lenientArray(.attributes, of: ProductAttribute.self)) ?? []
        variationIDs = c.idList(.variations)
        parentID = c.lenientInt64(.parentID) ?? 0
        dateModified = c.lenientDate(.dateModifiedGMT, orLocal: .dateModified)
        imageURL = ((try? c.lenientArray(.images, of: ImageReference.self)) ?? []).lazy.compactMap(\.src).first
        metaData = c.metaData(.metaData)
    }
}
