import Foundation
import Hardware
import POSFoundation
import Storage

/// A scanned code read as the counter sells it: the catalog item, and the weight or price a GS1 label
/// (prefix 20–29) carried.
public struct ScannedItem: Hashable, Sendable {
    public var item: CatalogItem
    /// The weight or price from the label; `nil` for an ordinary code.
    public var measure: Cart.Measure?
    /// The label as scanned, when the code was one.
    public var label: String?

    public init(item: CatalogItem, measure: Cart.Measure? = nil, label: String? = nil) {
        self.item = item
        self.measure = measure
        self.label = label
    }

    /// The product is sold by weight and the code carried none: the scale must weigh it before it is sold.
    public var needsWeight: Bool { item.product.soldByWeight && measure == nil }

    /// The code the cart keeps for the item: its SKU, else its GTIN, else its id.
    public var cartCode: String { item.cartCode }

    /// The cart item to add (a weighed line with `weight`, when the scale weighed it).
    public func cartItem(weighing weight: Weighing? = nil) -> Cart.Item {
        let measured = weight.map { Cart.Measure.weight(grams: $0.grams) } ?? measure
        return Cart.Item(code: cartCode, quantity: 1, measure: measured)
    }
}

extension CatalogItem {
    /// The code the cart keeps for the item: its SKU, else its GTIN, else its id.
    public var cartCode: String {
        sku.flatMap { $0.isEmpty ? nil : $0 } ?? globalUniqueID.flatMap { $0.isEmpty ? nil : $0 }
            ?? String(variation?.id ?? product.id)
    }
}

extension ScannedItem {
    /// Reads a scanned code: an exact catalog match first (a shop may sell fixed-price goods under 20–29 codes),
    /// else a label of a configured layout, its product found by the PLU in its SKU or GTIN
    /// (``EmbeddedBarcode/lookupKeys``: as printed, without leading zeros, with the prefix).
    static func read(_ code: String, layouts: EmbeddedBarcodeSettings, database: AppDatabase) async throws -> ScannedItem {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        if let match = try await database.barcodeMatch(trimmed) { return ScannedItem(item: CatalogItem(match)) }
        let embedded: EmbeddedBarcode?
        do throws(EmbeddedBarcodeError) { embedded = try layouts.parse(trimmed) } catch {
            throw CatalogError.unreadableLabel(code: trimmed, reason: error.message)
        }
        guard let embedded else { throw CatalogError.notFound(code: trimmed) }
        let match = try await embedded.resolve { key in try await database.barcodeMatch(key) }
        guard let match else { throw CatalogError.notFound(code: "\(trimmed) (PLU \(embedded.itemCode))") }
        let measure: Cart.Measure = switch embedded.value {
        case .weight(let grams): .weight(grams: grams)
        case .price(let minorUnits): .price(minorUnits: minorUnits)
        }
        return ScannedItem(item: CatalogItem(match), measure: measure, label: trimmed)
    }
}
