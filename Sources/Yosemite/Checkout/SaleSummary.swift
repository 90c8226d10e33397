import Foundation
import Hardware
import POSFoundation

/// A sale as the fronts see it: Yosemite's own value, never a Storage record.
///
/// ``lines`` are the calculator's per-line amounts (what the order will hold), in the store's terms: with tax
/// when the store enters prices with tax. A sale whose cart can no longer be priced (a product gone from the
/// catalog) has empty ``lines`` and keeps its stored total.
public struct SaleSummary: Hashable, Sendable {
    /// One priced cart line.
    public struct Line: Hashable, Sendable {
        public var code: String
        public var name: String
        public var quantity: Int
        /// The line's amount after discounts, as the order will hold it.
        public var amount: Money
        /// The line's amount before discounts, in the same terms.
        public var subtotal: Money
        public var discount: Cart.Discount?
        /// The net weight in grams of a line sold by weight (``unitPrice`` is then per kilogram).
        public var weightGrams: Int? = nil
        /// The catalog unit price (per kilogram for a weighed line, the label's price for a labelled one).
        public var unitPrice: Money? = nil

        /// A weighed line's weight and price per kilogram as the store writes amounts ("1,234 kg x 12,99 €/kg"), shown
        /// under its name as the law for trade scales wants; `nil` for a line not sold by weight.
        public func weighedText(_ format: MoneyFormat) -> String? {
            guard let grams = weightGrams, grams > 0, let unitPrice else { return nil }
            return WeighedLine(grams: grams, unitPrice: unitPrice).detail(format)
        }
    }

    /// One tender taken.
    public struct Tender: Hashable, Sendable {
        public enum Method: String, Hashable, Sendable, Codable { case cash, card, other }
        public var method: Method
        /// What it pays toward the total.
        public var amount: Money
        /// Cash handed over, for cash.
        public var tendered: Money?
        public var change: Money?
        public var cardBrand: String?
        public var cardLast4: String?
    }

    public var id: Int64
    public var clientUUID: ClientUUID
    public var state: Checkout.State
    /// The parked name.
    public var name: String?
    public var cart: Cart
    public var lines: [Line]
    public var totals: OrderTotals?
    public var total: Money
    public var paid: Money
    public var tenders: [Tender]
    /// An unresolved card attempt, if any.
    public var unresolvedAttemptId: String?
    /// The order, once completed.
    public var orderId: Int64?
    public var shiftId: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    /// `false` only for a cart the v17 migration moved without prices (it is priced before it completes).
    var priced = true
    /// A training sale (rung up while the register was in training): the screens mark it TRAINING.
    public var training = false

    /// What is still due.
    public var due: Money { Money(minorUnits: max(0, total.minorUnits - paid.minorUnits), currency: total.currency) }
    /// The number of items (the sum of quantities).
    public var itemCount: Int { cart.items.reduce(0) { $0 + $1.quantity } }

    /// The checkout state machine in this sale's state.
    public var checkout: Checkout {
        Checkout(state: state, cart: cart, total: total, paid: paid, hasCashTender: tenders.contains { $0.method == .cash },
                 hasCardTender: tenders.contains { $0.method == .card }, cardInFlight: unresolvedAttemptId != nil,
                 training: training)
    }
}

/// The limits a sale is checked against before anything is recorded.
public struct SaleLimits: Hashable, Sendable {
    /// The default largest quantity of one line.
    public static let defaultMaxQuantity = 9_999
    /// The default largest amount of one line, in major units of the store currency.
    public static let defaultMaxLineAmountMajor: Int64 = 100_000

    public var maxQuantity: Int
    public var maxLineAmount: Money

    /// The limits in `settings`, else the defaults.
    public init(settings: AppSettings, currency: Currency) {
        maxQuantity = settings.maxQuantity ?? Self.defaultMaxQuantity
        var scale: Int64 = 1
        for _ in 0..<currency.exponent { scale *= 10 }
        maxLineAmount = Money(minorUnits: settings.maxLineAmount ?? Self.defaultMaxLineAmountMajor * scale, currency: currency)
    }
}
