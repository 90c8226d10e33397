/// Finds the rates for a tax class and computes per-rate taxes as `WC_Tax` does, in integers.
///
/// - `WC_Tax::find_rates` / `get_matched_tax_rates`: a rate applies when its country (and state) is empty or the
///   store's base location (`woocommerce_tax_based_on` = base: a counter sells at the shop); rates are taken by
///   priority, then `tax_rate_order`, and only the first matching rate of each priority applies.
/// - `WC_Tax::calc_exclusive_tax`: a non-compound tax is `price × rate`; a compound tax is
///   `(price + taxes so far) × rate`, compound rates in order.
/// - `WC_Tax::calc_inclusive_tax`: with R the sum of non-compound rates and C the sum of compound rates, a
///   non-compound tax is `price / (1 + C) × rate / (1 + R)` and a compound tax is `price × rate / (1 + C)`.
/// - Each per-rate amount is kept at 6 decimals (`wc_get_rounding_precision()`), half up.
public struct TaxCalculator: Sendable {
    /// One rate's share of a tax.
    public struct Share: Hashable, Sendable {
        public var rateId: Int64
        public var amount: PreciseAmount
    }

    public let rates: [TaxRateRule]
    public let calculateTaxes: Bool
    public let country: String
    public let state: String

    public init(rates: [TaxRateRule], calculateTaxes: Bool, country: String, state: String = "") {
        self.rates = rates
        self.calculateTaxes = calculateTaxes
        self.country = country.uppercased()
        self.state = state.uppercased()
    }

    /// The rates of `taxClass` ("" = standard) that apply at the store, in the order WooCommerce applies them.
    public func rates(forClass taxClass: String) -> [TaxRateRule] {
        guard calculateTaxes else { return [] }
        let slug = taxClass.isEmpty ? "standard" : taxClass
        let candidates = rates
            .filter { $0.taxClass == slug }
            .filter { $0.country.isEmpty || $0.country.uppercased() == country }
            .filter { $0.state.isEmpty || $0.state.uppercased() == state }
            .sorted { ($0.priority, $0.position, $0.id) < ($1.priority, $1.position, $1.id) }
        var seen = Set<Int>()
        return candidates.filter { seen.insert($0.priority).inserted }
    }

    /// Taxes on a price that excludes tax, one share per rate in rate order.
    public func exclusive(_ price: PreciseAmount, _ rates: [TaxRateRule]) -> [Share] {
        var shares: [Int64: PreciseAmount] = [:]
        var taxesSoFar = PreciseAmount.zero
        for rate in rates where !rate.compound {
            let tax = price.scaled(by: rate.ratePPM, over: PreciseAmount.scale)
            shares[rate.id] = tax
            taxesSoFar += tax
        }
        for rate in rates where rate.compound {
            let tax = (price + taxesSoFar).scaled(by: rate.ratePPM, over: PreciseAmount.scale)
            shares[rate.id] = tax
            taxesSoFar += tax
        }
        return rates.map { Share(rateId: $0.id, amount: shares[$0.id] ?? .zero) }
    }

    /// Taxes contained in a price that includes tax, one share per rate in rate order.
    public func inclusive(_ price: PreciseAmount, _ rates: [TaxRateRule]) -> [Share] {
        let regular = Int128(rates.filter { !$0.compound }.reduce(0) { $0 + $1.ratePPM })
        let compound = Int128(rates.filter(\.compound).reduce(0) { $0 + $1.ratePPM })
        let scale = Int128(PreciseAmount.scale)
        return rates.map { rate in
            let numerator: Int128, denominator: Int128
            if rate.compound {
                numerator = Int128(price.micros) * Int128(rate.ratePPM)
                denominator = scale + compound
            } else {
                numerator = Int128(price.micros) * Int128(rate.ratePPM) * scale
                denominator = (scale + regular) * (scale + compound)
            }
            return Share(rateId: rate.id, amount: PreciseAmount(micros: PreciseAmount.divide(numerator, denominator, .halfUp)))
        }
    }

    /// The sum of the shares.
    public static func sum(_ shares: [Share]) -> PreciseAmount {
        shares.reduce(.zero) { $0 + $1.amount }
    }
}
