import Foundation
import Networking
import POSFoundation
import Storage

/// A product as the counter sells it: read from the local catalog, with its price as an exact decimal.
public struct CatalogProduct: Hashable, Sendable {
    /// The WooCommerce product id.
    public var id: RemoteID
    /// The product name.
    public var name: String
    /// "simple", "variable", "grouped" or "external".
    public var type: String
    /// The SKU, or nil when the product has none.
    public var sku: String?
    /// The GTIN/EAN/UPC/ISBN (`global_unique_id`).
    public var globalUniqueID: String?
    /// The active price as the server wrote it; `nil` when the product has none.
    public var price: ExactDecimal?
    /// The tax class slug; empty for the standard class.
    public var taxClass: String
    /// "taxable", "shipping" or "none".
    public var taxStatus: String
    /// Whether WooCommerce counts this product's stock.
    public var manageStock: Bool
    /// The stock level when it is managed.
    public var stockQuantity: Int64?
    /// "instock", "outofstock" or "onbackorder".
    public var stockStatus: String
    /// Whether the shop sells it (false without a price).
    public var purchasable: Bool
    /// Sold by weight: ``price`` is per kilogram, and a scan asks the scale (product meta `_pos_sold_by_weight`).
    public var soldByWeight = false

    /// Creates a product from its fields.
    public init(
        id: RemoteID, name: String, type: String = "simple", sku: String? = nil, globalUniqueID: String? = nil,
        price: ExactDecimal?, taxClass: String = "", taxStatus: String = "taxable", manageStock: Bool = false,
        stockQuantity: Int64? = nil, stockStatus: String = "instock", purchasable: Bool = true
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.sku = sku
        self.globalUniqueID = globalUniqueID
        self.price = price
        self.taxClass = taxClass
        self.taxStatus = taxStatus
        self.manageStock = manageStock
        self.stockQuantity = stockQuantity
        self.stockStatus = stockStatus
        self.purchasable = purchasable
    }

    /// The product stored in the local catalog.
    public init(_ record: ProductRecord) {
        self.init(
            id: record.id, name: record.name, type: record.type, sku: record.sku, globalUniqueID: record.globalUniqueId,
            price: ExactDecimal.catalogPrice(record.price), taxClass: record.taxClass, taxStatus: record.taxStatus,
            manageStock: record.manageStock, stockQuantity: record.stockQuantity, stockStatus: record.stockStatus,
            purchasable: record.purchasable)
        soldByWeight = record.soldByWeight
    }

    /// The price in the store currency, rounded half up to its decimals; `nil` without a price.
    public func price(in currency: Currency) -> Money? {
        price?.money(in: currency)
    }
}

extension ExactDecimal {
    /// A stored catalog price ("12.50"), or `nil` when empty or unreadable.
    static func catalogPrice(_ text: String) -> ExactDecimal? {
        guard !text.isEmpty else { return nil }
        return try? ExactDecimal(parsing: text)
    }
}
