import Foundation
import Networking
import POSFoundation
import Storage

/// One variation of a variable product (a size, a colour) as the counter sells it.
public struct CatalogVariation: Hashable, Sendable {
    /// The WooCommerce variation id.
    public var id: RemoteID
    /// The parent product's id.
    public var productID: RemoteID
    /// A display name such as "T-Shirt – L".
    public var name: String
    /// The attribute choices, such as `["Size": "L"]`, in the shop's order.
    public var attributes: [ProductVariationRecord.Attribute]
    /// The variation's own SKU, or nil.
    public var sku: String?
    /// The variation's GTIN/EAN/UPC, or nil.
    public var globalUniqueID: String?
    /// The active price; `nil` when the variation has none.
    public var price: ExactDecimal?
    /// The tax class slug: "parent" means the product's class, empty the standard class.
    public var taxClass: String
    /// "taxable", "shipping" or "none".
    public var taxStatus: String
    /// Whether WooCommerce counts this variation's stock.
    public var manageStock: Bool
    /// The stock level when it is managed.
    public var stockQuantity: Int64?
    /// "instock", "outofstock" or "onbackorder".
    public var stockStatus: String
    /// Whether the shop sells it.
    public var purchasable: Bool

    /// The variation stored in the local catalog.
    public init(_ record: ProductVariationRecord) {
        id = record.id
        productID = record.productId
        name = record.name
        attributes = record.attributes
        sku = record.sku
        globalUniqueID = record.globalUniqueId
        price = ExactDecimal.catalogPrice(record.price)
        taxClass = record.taxClass
        taxStatus = record.taxStatus
        manageStock = record.manageStock
        stockQuantity = record.stockQuantity
        stockStatus = record.stockStatus
        purchasable = record.purchasable
    }

    /// The price in the store currency, rounded half up to its decimals; `nil` without a price.
    public func price(in currency: Currency) -> Money? {
        price?.money(in: currency)
    }
}
