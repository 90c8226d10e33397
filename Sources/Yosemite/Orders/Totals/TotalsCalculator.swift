/// Computes an order's totals exactly as WooCommerce computes a REST order's, in integers.
///
/// Follows `WC_REST_Orders_V2_Controller::prepare_line_items`, `WC_Abstract_Order::calculate_totals`,
/// `recalculate_coupons`, `WC_Discounts`, `WC_Order_Item::calculate_taxes`, `WC_Order_Item_Product::set_taxes`,
/// `update_taxes` and `WC_Tax`; docs/offline-sync.md states each rule.
public struct TotalsCalculator: Sendable {
    public init() {}

    /// The totals of `input`.
    public func totals(for input: TotalsInput) -> OrderTotals {
        let decimals = input.decimals
        let taxRounding: PreciseAmount.Rounding = input.pricesIncludeTax ? .halfDown : .halfUp
        func roundTax(_ value: PreciseAmount) -> PreciseAmount {
            input.roundAtSubtotal ? value : value.rounded(decimals, taxRounding)
        }
        // Each tax class's rates, found once (every line asks twice, and finding filters and sorts all rates).
        let ratesByClass = Dictionary(uniqueKeysWithValues: Set(input.lines.lazy.filter(\.taxable).map(\.taxClass))
            .map { ($0, input.taxes.rates(forClass: $0)) })
        func rates(_ line: TotalsInput.Line) -> [TaxRateRule] {
            line.taxable ? ratesByClass[line.taxClass, default: []] : []
        }
        func exTax(_ gross: PreciseAmount, _ rates: [TaxRateRule]) -> PreciseAmount {
            input.pricesIncludeTax && !rates.isEmpty ? gross - TaxCalculator.sum(input.taxes.inclusive(gross, rates)) : gross
        }
        func sumRounded(_ shares: [TaxCalculator.Share]) -> PreciseAmount {
            shares.reduce(.zero) { $0 + roundTax($1.amount) }
        }

        // 1. Subtotals: price × quantity, taxes of an inclusive price removed (wc_get_price_excluding_tax).
        var lines: [OrderTotals.Line] = input.lines.map { line in
            let lineRates = rates(line)
            let subtotal = exTax(line.unitPrice.times(Int64(line.quantity)), lineRates)
            let taxes = input.taxes.exclusive(subtotal, lineRates)
            return OrderTotals.Line(subtotal: subtotal, total: subtotal, subtotalTaxes: taxes, totalTaxes: taxes,
                                    subtotalTax: sumRounded(taxes), totalTax: sumRounded(taxes))
        }

        // 2. Coupons (recalculate_coupons), else manual discounts (a posted line total below its subtotal).
        var coupons: [OrderTotals.Coupon] = []
        if input.coupons.isEmpty {
            for index in lines.indices where input.lines[index].manualDiscount > .zero {
                let discount = exTax(input.lines[index].manualDiscount, rates(input.lines[index]))
                lines[index].total = max(.zero, lines[index].subtotal - discount)
            }
        } else {
            let prices = lines.map { input.pricesIncludeTax ? $0.subtotal + $0.subtotalTax : $0.subtotal }
            var discounts = DiscountCalculator(lines: input.lines, prices: prices, decimals: decimals)
            var perLine = [Int64](repeating: 0, count: lines.count)
            for coupon in input.coupons {
                let perItem = discounts.apply(coupon)
                var discount = PreciseAmount.zero, discountTax = PreciseAmount.zero
                for (index, cents) in perItem {
                    perLine[index] += cents
                    let amount = PreciseAmount(minorUnits: cents, exponent: decimals)
                    let lineRates = rates(input.lines[index])
                    if input.pricesIncludeTax {
                        let tax = TaxCalculator.sum(input.taxes.inclusive(amount, lineRates))
                        discount += amount - tax
                        discountTax += tax
                    } else {
                        discount += amount
                        discountTax += TaxCalculator.sum(input.taxes.exclusive(amount, lineRates))
                    }
                }
                coupons.append(.init(code: coupon.code, discount: discount.minorUnits(exponent: decimals),
                                     discountTax: discountTax.minorUnits(exponent: decimals, taxRounding)))
            }
            for index in lines.indices {
                let amount = exTax(PreciseAmount(minorUnits: perLine[index], exponent: decimals), rates(input.lines[index]))
                lines[index].total = max(.zero, lines[index].subtotal - amount)
            }
        }
        for index in lines.indices {
            let taxes = input.taxes.exclusive(lines[index].total, rates(input.lines[index]))
            lines[index].totalTaxes = taxes
            lines[index].totalTax = sumRounded(taxes)
        }

        // 3. Fees, taxed on their total (WC_Order_Item_Fee::calculate_taxes).
        let fees: [OrderTotals.Fee] = input.fees.map { fee in
            let feeRates = fee.taxable ? input.taxes.rates(forClass: fee.taxClass) : []
            let taxes = input.taxes.exclusive(fee.amount, feeRates)
            return OrderTotals.Fee(total: fee.amount, taxes: taxes, totalTax: sumRounded(taxes))
        }

        // 4. Tax lines (update_taxes): per rate, the sum of the (rounded) shares, rounded once more.
        var perRate: [Int64: PreciseAmount] = [:]
        for share in lines.flatMap(\.totalTaxes) + fees.flatMap(\.taxes) {
            perRate[share.rateId, default: .zero] += roundTax(share.amount)
        }
        let taxLines = input.taxes.rates.filter { perRate[$0.id] != nil }.sorted { $0.id < $1.id }.map { rate in
            OrderTotals.TaxLine(rate: rate, total: perRate[rate.id]!.minorUnits(exponent: decimals, taxRounding))
        }

        // 5. Order totals (calculate_totals).
        let subtotal = lines.reduce(Int64(0)) { $0 + $1.subtotal.minorUnits(exponent: decimals) }
        let cartTotal = lines.reduce(Int64(0)) { $0 + $1.total.minorUnits(exponent: decimals) }
        let subtotalTax = lines.reduce(PreciseAmount.zero) { $0 + $1.subtotalTax }
        let itemTax = lines.reduce(PreciseAmount.zero) { $0 + $1.totalTax }
        let feeTotal = fees.reduce(Int64(0)) { $0 + $1.total.minorUnits(exponent: decimals) }
        let cartTax = taxLines.reduce(Int64(0)) { $0 + $1.total }
        return OrderTotals(
            lines: lines, fees: fees, coupons: coupons, taxLines: taxLines, subtotal: subtotal,
            discountTotal: subtotal - cartTotal,
            discountTax: (subtotalTax - itemTax).minorUnits(exponent: decimals, taxRounding),
            feeTotal: feeTotal, totalTax: cartTax, total: cartTotal + feeTotal + cartTax)
    }
}
