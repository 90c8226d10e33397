/// What the totals are computed from: lines at the prices the catalog holds, fees, coupons, and the store's
/// tax settings.
public struct TotalsInput: Hashable, Sendable {
    /// One product or variation line.
    public struct Line: Hashable, Sendable {
        public var productId: Int64
        public var variationId: Int64?
        /// The product's categories (the parent's for a variation), for coupon restrictions.
        public var categoryIds: Set<Int64>
        public var quantity: Int
        /// The unit price as the catalog enters it (with tax when the store enters prices with tax).
        public var unitPrice: PreciseAmount
        public var taxable: Bool
        public var taxClass: String
        public var onSale: Bool
        /// A manual discount on the line, in the same terms as ``unitPrice`` (for the whole line).
        public var manualDiscount: PreciseAmount

        public init(productId: Int64, variationId: Int64? = nil, categoryIds: Set<Int64> = [], quantity: Int,
                    unitPrice: PreciseAmount, taxable: Bool = true, taxClass: String = "", onSale: Bool = false,
                    manualDiscount: PreciseAmount = .zero) {
            self.productId = productId
            self.variationId = variationId
            self.categoryIds = categoryIds
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.taxable = taxable
            self.taxClass = taxClass
            self.onSale = onSale
            self.manualDiscount = manualDiscount
        }
    }

    /// A fee line; its amount excludes tax, as WooCommerce fee totals do.
    public struct Fee: Hashable, Sendable, Codable {
        public var name: String
        public var amount: PreciseAmount
        public var taxable: Bool
        public var taxClass: String

        public init(name: String, amount: PreciseAmount, taxable: Bool = false, taxClass: String = "") {
            self.name = name
            self.amount = amount
            self.taxable = taxable
            self.taxClass = taxClass
        }
    }

    public var lines: [Line]
    public var fees: [Fee]
    /// Coupons in the order they were applied.
    public var coupons: [CouponRule]
    /// The store's decimals (`wc_get_price_decimals`), 0…4.
    public var decimals: Int
    public var pricesIncludeTax: Bool
    /// `woocommerce_tax_round_at_subtotal`.
    public var roundAtSubtotal: Bool
    public var taxes: TaxCalculator

    public init(lines: [Line], fees: [Fee] = [], coupons: [CouponRule] = [], decimals: Int, pricesIncludeTax: Bool,
                roundAtSubtotal: Bool, taxes: TaxCalculator) {
        self.lines = lines
        self.fees = fees
        self.coupons = coupons
        self.decimals = decimals
        self.pricesIncludeTax = pricesIncludeTax
        self.roundAtSubtotal = roundAtSubtotal
        self.taxes = taxes
    }
}

extension TaxCalculator: Hashable {
    public static func == (lhs: TaxCalculator, rhs: TaxCalculator) -> Bool {
        lhs.rates == rhs.rates && lhs.calculateTaxes == rhs.calculateTaxes && lhs.country == rhs.country
            && lhs.state == rhs.state
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rates)
        hasher.combine(country)
    }
}
