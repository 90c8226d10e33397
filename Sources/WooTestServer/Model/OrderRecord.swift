import Foundation

/// An order with its lines, meta and the totals computed by ``OrderCalculator``.
public struct OrderRecord: Sendable {
    /// A product line.
    public struct LineItem: Sendable {
        /// The line id.
        public var id: Int64
        /// The product name at the time of sale ("" for an unknown product).
        public var name: String
        /// The product id (kept even when the product does not exist).
        public var productID: Int64
        /// The variation id, 0 when none.
        public var variationID: Int64
        /// The quantity (an integer in WooCommerce core).
        public var quantity: Int64
        /// The tax class ("" = standard).
        public var taxClass: String
        /// `taxable` or `none`.
        public var taxStatus: String
        /// The SKU.
        public var sku: String
        /// The catalogue unit price as entered in the store (tax-inclusive when the store says so); nil = unknown product.
        public var catalogPrice: Fixed?
        /// A `subtotal` the client posted, which wins over the catalogue price.
        public var postedSubtotal: Fixed?
        /// A `total` the client posted, which wins over the computed discount.
        public var postedTotal: Fixed?
        /// `meta_data`.
        public var metaData: [MetaDatum] = []
        /// Line subtotal before discounts, excluding tax (6-digit precision).
        public var subtotal: Fixed = .zero
        /// Line total after discounts, excluding tax.
        public var total: Fixed = .zero
        /// Per-rate taxes on the subtotal.
        public var subtotalTaxes: [(rateID: Int64, amount: Fixed)] = []
        /// Per-rate taxes on the total.
        public var totalTaxes: [(rateID: Int64, amount: Fixed)] = []
        /// The line's subtotal tax.
        public var subtotalTax: Fixed = .zero
        /// The line's total tax.
        public var totalTax: Fixed = .zero
    }

    /// A fee line (custom amount).
    public struct FeeLine: Sendable {
        /// The line id.
        public var id: Int64
        /// The label.
        public var name: String
        /// The tax class.
        public var taxClass: String
        /// `taxable` or `none`.
        public var taxStatus: String
        /// The fee amount, excluding tax.
        public var total: Fixed
        /// Per-rate taxes.
        public var taxes: [(rateID: Int64, amount: Fixed)] = []
        /// The fee's tax.
        public var totalTax: Fixed = .zero
    }

    /// A shipping line (taxes on shipping are not modelled: shipping tax is 0).
    public struct ShippingLine: Sendable {
        /// The line id.
        public var id: Int64
        /// The method id (`flat_rate`).
        public var methodID: String
        /// The title.
        public var methodTitle: String
        /// The cost.
        public var total: Fixed
    }

    /// An applied coupon.
    public struct CouponLine: Sendable {
        /// The line id.
        public var id: Int64
        /// The coupon code.
        public var code: String
        /// The discount excluding tax.
        public var discount: Fixed = .zero
        /// The tax part of the discount.
        public var discountTax: Fixed = .zero
    }

    /// A `tax_lines` entry: one per rate used.
    public struct TaxLine: Sendable {
        /// The line id.
        public var id: Int64
        /// The rate id.
        public var rateID: Int64
        /// The rate code (`DE-MWST.-1`).
        public var rateCode: String
        /// The label.
        public var label: String
        /// Whether the rate is compound.
        public var compound: Bool
        /// Tax on items and fees.
        public var taxTotal: Fixed
        /// The rate in percent.
        public var ratePercent: String
    }

    /// The id.
    public var id: Int64
    /// The status (`pending`, `processing`, `completed`, `refunded`, …).
    public var status: String
    /// The currency code.
    public var currency: String
    /// Whether prices were entered including tax when the order was created.
    public var pricesIncludeTax: Bool
    /// The order key.
    public var orderKey: String
    /// The customer, 0 for a guest.
    public var customerID: Int64 = 0
    /// The customer's note.
    public var customerNote: String = ""
    /// Billing address.
    public var billing: JSON = Address.empty(withEmail: true)
    /// Shipping address.
    public var shipping: JSON = Address.empty(withEmail: false)
    /// The payment method id.
    public var paymentMethod: String = ""
    /// The payment method title.
    public var paymentMethodTitle: String = ""
    /// The transaction id.
    public var transactionID: String = ""
    /// Creation date.
    public var dateCreated: Date
    /// Last modification date.
    public var dateModified: Date
    /// When it was paid.
    public var datePaid: Date?
    /// When it was completed.
    public var dateCompleted: Date?
    /// Product lines.
    public var lineItems: [LineItem] = []
    /// Fee lines.
    public var feeLines: [FeeLine] = []
    /// Shipping lines.
    public var shippingLines: [ShippingLine] = []
    /// Coupon lines.
    public var couponLines: [CouponLine] = []
    /// Tax summary lines.
    public var taxLines: [TaxLine] = []
    /// `meta_data`.
    public var metaData: [MetaDatum] = []
    /// Whether stock was already reduced for this order (WooCommerce's `_order_stock_reduced`).
    public var stockReduced: Bool = false
    /// Sum of item discounts excluding tax.
    public var discountTotal: Fixed = .zero
    /// Tax part of the discounts.
    public var discountTax: Fixed = .zero
    /// Shipping total.
    public var shippingTotal: Fixed = .zero
    /// Tax on items and fees.
    public var cartTax: Fixed = .zero
    /// The order total.
    public var total: Fixed = .zero
    /// All taxes.
    public var totalTax: Fixed = .zero

    /// Statuses that count as paid (`wc_get_is_paid_statuses`).
    static let paidStatuses: Set<String> = ["processing", "completed"]

    /// Statuses a REST client may set.
    static let validStatuses: Set<String> = ["auto-draft", "pending", "processing", "on-hold", "completed",
                                             "cancelled", "refunded", "failed", "checkout-draft", "trash"]

    /// Whether the order still needs payment (`WC_Order::needs_payment`).
    var needsPayment: Bool { ["pending", "failed"].contains(status) && total > .zero }
}
