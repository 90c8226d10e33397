import Foundation
import POSFoundation

/// A variation of a variable product, as `GET /wc/v3/products/{id}/variations` returns it.
///
/// Prices are ``ExactDecimal`` values without currency, as for ``Product``. ``productID`` is the parent
/// product: taken from `parent_id` when the payload has it, else from the request (see the mapper).
public struct ProductVariation: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let productID: RemoteID
    public let sku: String
    public let globalUniqueID: String
    public let status: String
    public let price: ExactDecimal?
    public let regularPrice: ExactDecimal?
    public let salePrice: ExactDecimal?
    public let onSale: Bool
    public let purchasable: Bool
    public let taxStatus: String
    public let taxClass: String
    public let manageStock: Bool
    public let stockQuantity: ExactDecimal?
    public let stockStatus: String
    /// The chosen value of each attribute ("Color: Blue").
    public let attributes: [ProductAttribute]
    public let dateModified: Date?
    public let imageURL: String?
    public let metaData: [MetaData]

    enum CodingKeys: String, CodingKey {
        case id, sku, status, price, attributes, image, purchasable
        case globalUniqueID = "global_unique_id", regularPrice = "regular_price", salePrice = "sale_price"
        case onSale = "on_sale", taxStatus = "tax_status", taxClass = "tax_class", manageStock = "manage_stock"
        case stockQuantity = "stock_quantity", stockStatus = "stock_status", parentID = "parent_id"
        case dateModified = "date_modified", dateModifiedGMT = "date_modified_gmt", metaData = "meta_data"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        productID = c.lenientInt64(.parentID) ?? (decoder.userInfo[.productID] as? RemoteID) ?? 0
        sku = c.string(.sku)
        globalUniqueID = c.string(.globalUniqueID)
        status = c.string(.status)
        price = try c.lenientDecimal(.price)
        regularPrice = try c.lenientDecimal(.regularPrice)
        salePrice = try c.lenientDecimal(.salePrice)
        onSale = c.bool(.onSale)
        purchasable = c.lenientBool(.purchasable) ?? true
        taxStatus = c.lenientString(.taxStatus) ?? "taxable"
        taxClass = c.string(.taxClass)
        manageStock = c.bool(.manageStock)
        stockQuantity = try? c.lenientQuantity(.stockQuantity)
        stockStatus = c.string(.stockStatus)
        attributes = (try? c.lenientArray(.attributes, of: ProductAttribute.self)) ?? []
        dateModified = c.lenientDate(.dateModifiedGMT, orLocal: .dateModified)
        imageURL = (try? c.lenientObject(.image, of: ImageReference.self))?.src
        metaData = c.metaData(.metaData)
    }
}

extension CodingUserInfoKey {
    /// The parent product id a variation list was requested for.
    static let productID = CodingUserInfoKey(rawValue: "pos.productID")!
}
