import Foundation
import POSFoundation

/// What a cashier rang up: items by code, coupons, discounts, fees and a customer. Prices come from the local
/// catalog when the cart becomes an order.
public struct Cart: Hashable, Sendable, Codable {
    /// A manual discount: a percentage, or an amount in the store currency (prices' own terms: with tax when
    /// the store enters prices with tax).
    public enum Discount: Hashable, Sendable, Codable {
        /// Percent off, e.g. 10 (as `PreciseAmount`, so 12.5 % is allowed).
        case percent(PreciseAmount)
        /// An amount off.
        case amount(PreciseAmount)
    }

    /// What a line sold by weight or by a price label carries instead of a catalog price × quantity.
    public enum Measure: Hashable, Sendable, Codable {
        /// A net weight in grams (from the scale or a weight label): the product's price is per kilogram, the
        /// line is weight × price per kilogram rounded half up to the minor unit, quantity 1.
        case weight(grams: Int)
        /// A price printed into a price label (minor units of the store currency), quantity 1.
        case price(minorUnits: Int64)
    }

    /// One scanned or typed item.
    public struct Item: Hashable, Sendable, Codable {
        /// A barcode (SKU or GTIN) or a product/variation id; for a manual item the scanned code (may be empty).
        public var code: String
        public var quantity: Int
        /// A discount on this line.
        public var discount: Discount?
        /// The weight or labelled price of a line sold by weight or by label; `nil` for a catalog-priced line.
        /// Such a line is never merged with another scan of the same code: each weighing is its own line.
        public var measure: Measure?
        /// Set for a manual item: a code the catalog lacks, sold at a typed price (marked for review).
        public var manual: ManualItem?

        public init(
            code: String, quantity: Int = 1, discount: Discount? = nil, measure: Measure? = nil, manual: ManualItem? = nil
        ) {
            self.code = code
            self.quantity = quantity
            self.discount = discount
            self.measure = measure
            self.manual = manual
        }
    }

    /// An item the catalog lacks (its barcode not found locally nor, offline or not, on the store), sold at a
    /// typed price in a chosen tax class. Its order line carries `_pos_manual_item` (the code) for the merchant
    /// to review (`pos orders list --review`), and is sent without a product.
    public struct ManualItem: Hashable, Sendable, Codable {
        /// What the receipt and the order line say; empty: "Manual item".
        public var name: String
        /// The unit price as typed, in the store's terms (with tax when the store enters prices with tax).
        public var unitPrice: PreciseAmount
        /// A synced tax class slug ("standard", "reduced-rate", "zero-rate", …).
        public var taxClass: String

        public init(name: String = "", unitPrice: PreciseAmount, taxClass: String = "standard") {
            self.name = name
            self.unitPrice = unitPrice
            self.taxClass = taxClass
        }

        /// The line's name.
        public var displayName: String {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "Manual item" : trimmed
        }
    }

    /// A fee (a custom amount), tax excluded: the same value the totals take.
    public typealias Fee = TotalsInput.Fee

    public var items: [Item]
    public var couponCodes: [String]
    /// A discount on the whole order, spread over the lines in proportion to their amounts.
    public var orderDiscount: Discount?
    public var fees: [Fee]
    /// The WooCommerce customer id; `nil` for a guest.
    public var customerId: Int64?
    public var note: String

    public init(items: [Item] = [], couponCodes: [String] = [], orderDiscount: Discount? = nil, fees: [Fee] = [],
                customerId: Int64? = nil, note: String = "") {
        self.items = items
        self.couponCodes = couponCodes
        self.orderDiscount = orderDiscount
        self.fees = fees
        self.customerId = customerId
        self.note = note
    }
}

/// How the customer pays.
public enum Tender: Hashable, Sendable {
    /// Cash; `tendered` `nil` means the exact amount.
    case cash(tendered: Money?)
}
