import Foundation

/// Finds the rates for a tax class and computes per-rate taxes the way `WC_Tax` does.
///
/// Rules (WooCommerce `includes/class-wc-tax.php`):
/// - Rates match the store's base location (`tax_based_on` = base): a rate applies when its country is empty
///   or the store's country. Within one priority only the first matching rate (by `order`, then id) applies.
/// - `calc_exclusive_tax`: each non-compound rate is `price × rate`; each compound rate is
///   `(price + sum of the taxes before it) × rate`.
/// - `calc_inclusive_tax`: with R = sum of non-compound rates and C = sum of compound rates, a non-compound
///   tax is `price / (1 + C) × rate / (1 + R)` and a compound tax is `price × rate / (1 + C)`.
/// - Every per-rate amount is rounded to 6 decimals (`wc_get_rounding_precision()`), half up.
struct TaxCalculator {
    /// One rate's share of a tax.
    typealias Share = (rateID: Int64, amount: Fixed)

    let rates: [TaxRateRecord]
    let settings: StoreSettings

    /// The rates that apply to `taxClass` ("" or `standard` = the standard class), in application order.
    func rates(forClass taxClass: String) -> [TaxRateRecord] {
        guard settings.calcTaxes else { return [] }
        let slug = taxClass.isEmpty ? "standard" : taxClass
        let country = settings.baseCountry
        let candidates = rates
            .filter { $0.taxClass == slug && ($0.country.isEmpty || $0.country == country) }
            .sorted { ($0.priority, $0.order, $0.id) < ($1.priority, $1.order, $1.id) }
        var seenPriorities = Set<Int64>()
        return candidates.filter { seenPriorities.insert($0.priority).inserted }
    }

    /// Taxes on a price that excludes tax.
    func exclusive(_ price: Fixed, _ rates: [TaxRateRecord]) -> [Share] {
        var shares: [Share] = []
        var preCompound = Fixed.zero
        for rate in rates where !rate.compound {
            let tax = price.scaled(by: rate.ratePPM, over: Fixed.scale)
            shares.append((rate.id, tax))
            preCompound += tax
        }
        // `calc_exclusive_tax` adds each compound tax to the base of the next (`$pre_compound_total = array_sum( $taxes )`).
        for rate in rates where rate.compound {
            let tax = (price + preCompound).scaled(by: rate.ratePPM, over: Fixed.scale)
            shares.append((rate.id, tax))
            preCompound += tax
        }
        return order(shares, like: rates)
    }

    /// Taxes contained in a price that includes tax.
    func inclusive(_ price: Fixed, _ rates: [TaxRateRecord]) -> [Share] {
        let regular = Int128(rates.filter { !$0.compound }.reduce(0) { $0 + $1.ratePPM })
        let compound = Int128(rates.filter(\.compound).reduce(0) { $0 + $1.ratePPM })
        let scale = Int128(Fixed.scale)
        let shares: [Share] = rates.map { rate in
            let numerator: Int128, denominator: Int128
            if rate.compound {
                numerator = Int128(price.micros) * Int128(rate.ratePPM)
                denominator = scale + compound
            } else {
                numerator = Int128(price.micros) * Int128(rate.ratePPM) * scale
                denominator = (scale + regular) * (scale + compound)
            }
            return (rate.id, Fixed(micros: Fixed.divide(numerator, denominator)))
        }
        return shares
    }

    /// The sum of the shares.
    static func sum(_ shares: [Share]) -> Fixed {
        shares.reduce(.zero) { $0 + $1.amount }
    }

    private func order(_ shares: [Share], like rates: [TaxRateRecord]) -> [Share] {
        rates.compactMap { rate in shares.first { $0.rateID == rate.id } }
    }
}
