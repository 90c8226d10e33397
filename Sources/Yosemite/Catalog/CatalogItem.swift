import Foundation
import Networking
import POSFoundation
import Storage

/// What a scanned code or a search names: a simple product, or one variation of a variable product.
public enum CatalogItem: Hashable, Sendable {
    case product(CatalogProduct)
    case variation(CatalogVariation, parent: CatalogProduct)

    /// The match of a barcode lookup in the local catalog.
    public init(_ match: BarcodeMatch) {
        switch match {
        case .product(let product): self = .product(CatalogProduct(product))
        case .variation(let variation, let parent):
            self = .variation(CatalogVariation(variation), parent: CatalogProduct(parent))
        }
    }

    /// The product, or the variation's parent.
    public var product: CatalogProduct {
        switch self {
        case .product(let product): product
        case .variation(_, let parent): parent
        }
    }

    /// The variation, when the item is one.
    public var variation: CatalogVariation? {
        if case .variation(let variation, _) = self { return variation }
        return nil
    }

    /// The name a receipt and the cart show.
    public var name: String { variation?.name ?? product.name }
    /// The code a cashier would scan: the SKU, else the GTIN.
    public var sku: String? { variation.map(\.sku) ?? product.sku }
    /// The GTIN of the variation or product.
    public var globalUniqueID: String? { variation.map(\.globalUniqueID) ?? product.globalUniqueID }

    /// The selling price in the store currency.
    public func price(in currency: Currency) -> Money? {
        switch self {
        case .product(let product): product.price(in: currency)
        case .variation(let variation, _): variation.price(in: currency)
        }
    }
}
