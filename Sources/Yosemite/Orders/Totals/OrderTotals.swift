/// An order's amounts as WooCommerce computes them: per line and fee at 6 decimals, sums in minor units.
public struct OrderTotals: Hashable, Sendable {
    /// One line's amounts, tax excluded (`subtotal` before coupons and discounts, `total` after).
    public struct Line: Hashable, Sendable {
        public var subtotal: PreciseAmount
        public var total: PreciseAmount
        /// Per rate, unrounded.
        public var subtotalTaxes: [TaxCalculator.Share]
        public var totalTaxes: [TaxCalculator.Share]
        /// The sum of the per-rate taxes, each rounded to the store's decimals unless rounding at subtotal.
        public var subtotalTax: PreciseAmount
        public var totalTax: PreciseAmount
    }

    /// One fee's amounts.
    public struct Fee: Hashable, Sendable {
        public var total: PreciseAmount
        public var taxes: [TaxCalculator.Share]
        public var totalTax: PreciseAmount
    }

    /// One coupon's discount, in minor units (tax excluded) and its tax.
    public struct Coupon: Hashable, Sendable {
        public var code: String
        public var discount: Int64
        public var discountTax: Int64
    }

    /// One rate's total (`tax_lines`).
    public struct TaxLine: Hashable, Sendable {
        public var rate: TaxRateRule
        public var total: Int64
    }

    public var lines: [Line]
    public var fees: [Fee]
    public var coupons: [Coupon]
    public var taxLines: [TaxLine]
    /// Σ round(line subtotal), minor units.
    public var subtotal: Int64
    /// Σ round(line subtotal) − Σ round(line total) (`discount_total`).
    public var discountTotal: Int64
    /// `discount_tax`.
    public var discountTax: Int64
    /// Σ round(fee total).
    public var feeTotal: Int64
    /// `cart_tax` = `total_tax` (no shipping at a counter).
    public var totalTax: Int64
    /// `total`.
    public var total: Int64
}
