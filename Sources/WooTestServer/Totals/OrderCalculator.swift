import Foundation

/// Recomputes an order's line, tax, discount and grand totals the way WooCommerce does for REST orders.
///
/// The rules, after `WC_REST_Orders_V2_Controller::prepare_line_items`, `WC_Abstract_Order::calculate_totals`,
/// `recalculate_coupons`, `WC_Discounts`, `WC_Order_Item_Product::set_taxes` and `WC_Tax`:
///
/// 1. Line subtotal: a posted `subtotal` wins; else the catalogue price × quantity. When the store enters prices
///    including tax (`prices_include_tax`, frozen on the order at creation) and the line is taxable, the taxes of
///    the line's class are removed with `calc_inclusive_tax` (`wc_get_price_excluding_tax`); the result keeps
///    6 decimals ("unrounded since we're dealing with tax inclusive prices"). Unknown products give 0.
/// 2. Coupons (`WC_Discounts`, in integer minor units): item prices are line subtotals (plus subtotal tax when
///    prices include tax), items sorted by price, highest first.
///    - `percent`: per item `floor(round(price) × pct / 100)`, capped at what is left of the item; then the
///      difference to `round(sum × pct / 100)` is spread one minor unit per item unit (`apply_coupon_remainder`).
///    - `fixed_product`: `amount × quantity` per item, capped at what is left.
///    - `fixed_cart`: `floor(amount / total quantity)` per unit via fixed_product, repeated on the rest; a rest
///      smaller than the quantity goes one minor unit at a time.
///    A line's total is its subtotal minus its discounts; with tax-inclusive prices the discount's own taxes are
///    removed first (`calc_tax(amount, rates, true)`). Without coupons a posted `total` wins.
/// 3. Taxes per line: `calc_exclusive_tax` on the subtotal and on the total, each rate at 6 decimals. The line's
///    `total_tax` is the sum of the per-rate amounts rounded to `num_decimals` (or unrounded when
///    `tax_round_at_subtotal` is on). Fee lines are taxed the same way on their total.
/// 4. `tax_lines`: one per rate, the sum of the lines' rounded shares (with `tax_round_at_subtotal`, the sum of the
///    unrounded shares rounded once). `cart_tax` is their sum. Tax rounding is half up, or half down when prices
///    include tax (`wc_get_tax_rounding_mode()` with `WC_TAX_ROUNDING_MODE` = auto).
/// 5. `discount_total` = Σ round(subtotal) − Σ round(total); `discount_tax` likewise on taxes;
///    `total` = Σ round(line totals) + Σ round(fees) + shipping + `cart_tax`, rounded to `num_decimals`.
///    Shipping is untaxed here.
struct OrderCalculator {
    let taxes: TaxCalculator
    let settings: StoreSettings
    let coupons: [CouponRecord]

    private var decimals: Int { settings.numberOfDecimals }

    /// Recomputes every computed field of `order`.
    func calculate(_ order: inout OrderRecord) {
        let taxRounding: Fixed.Rounding = order.pricesIncludeTax ? .halfDown : .halfUp
        let roundAtSubtotal = settings.taxRoundAtSubtotal
        func roundTax(_ value: Fixed) -> Fixed { roundAtSubtotal ? value : value.rounded(decimals, taxRounding) }

        // 1. Subtotals.
        for index in order.lineItems.indices {
            var item = order.lineItems[index]
            let rates = lineRates(item)
            if let posted = item.postedSubtotal {
                item.subtotal = posted
            } else if let price = item.catalogPrice {
                let gross = price.times(item.quantity)
                item.subtotal = order.pricesIncludeTax && !rates.isEmpty
                    ? gross - TaxCalculator.sum(taxes.inclusive(gross, rates)) : gross
            } else {
                item.subtotal = .zero
            }
            item.subtotalTaxes = taxes.exclusive(item.subtotal, rates)
            item.subtotalTax = item.subtotalTaxes.reduce(.zero) { $0 + roundTax($1.amount) }
            order.lineItems[index] = item
        }

        // 2. Coupons.
        var couponDiscounts: [(code: String, perItem: [Int: Int64])] = []
        var applicable: [CouponRecord] = []
        for line in order.couponLines {
            guard let coupon = coupons.first(where: { $0.code == line.code.lowercased() }) else { continue }
            applicable.append(coupon)
        }
        if !applicable.isEmpty {
            var discounts = DiscountCalculator(order: order, decimals: decimals)
            for coupon in applicable { couponDiscounts.append((coupon.code, discounts.apply(coupon))) }
        }
        for index in order.lineItems.indices {
            var item = order.lineItems[index]
            if applicable.isEmpty {
                item.total = item.postedTotal ?? item.subtotal
            } else {
                let cents = couponDiscounts.reduce(Int64(0)) { Fixed.saturatingAdd($0, $1.perItem[index] ?? 0) }
                var amount = minor(cents)
                let rates = lineRates(item)
                if order.pricesIncludeTax, !rates.isEmpty {
                    amount -= TaxCalculator.sum(taxes.inclusive(amount, rates))
                }
                item.total = max(.zero, item.subtotal - amount)
            }
            item.totalTaxes = taxes.exclusive(item.total, lineRates(item))
            item.totalTax = item.totalTaxes.reduce(.zero) { $0 + roundTax($1.amount) }
            order.lineItems[index] = item
        }
        for (lineIndex, line) in order.couponLines.enumerated() {
            guard let found = couponDiscounts.first(where: { $0.code == line.code.lowercased() }) else {
                order.couponLines[lineIndex].discount = .zero
                order.couponLines[lineIndex].discountTax = .zero
                continue
            }
            var discount = Fixed.zero, discountTax = Fixed.zero
            for (itemIndex, cents) in found.perItem {
                let amount = minor(cents)
                let rates = lineRates(order.lineItems[itemIndex])
                if order.pricesIncludeTax {
                    let tax = TaxCalculator.sum(taxes.inclusive(amount, rates))
                    discount += amount - tax
                    discountTax += tax
                } else {
                    discount += amount
                    discountTax += TaxCalculator.sum(taxes.exclusive(amount, rates))
                }
            }
            order.couponLines[lineIndex].discount = discount
            order.couponLines[lineIndex].discountTax = discountTax.rounded(decimals, taxRounding)
        }

        // 3. Fees.
        for index in order.feeLines.indices {
            var fee = order.feeLines[index]
            let rates = fee.taxStatus == "taxable" ? taxes.rates(forClass: fee.taxClass) : []
            fee.taxes = taxes.exclusive(fee.total, rates)
            fee.totalTax = fee.taxes.reduce(.zero) { $0 + roundTax($1.amount) }
            order.feeLines[index] = fee
        }

        // 4. Tax lines.
        var perRate: [Int64: Fixed] = [:]
        var rateOrder: [Int64] = []
        for share in order.lineItems.flatMap(\.totalTaxes) + order.feeLines.flatMap(\.taxes) {
            if perRate[share.rateID] == nil { rateOrder.append(share.rateID) }
            perRate[share.rateID, default: .zero] += roundTax(share.amount)
        }
        let previous = order.taxLines
        order.taxLines = rateOrder.sorted().compactMap { rateID in
            guard let rate = taxes.rates.first(where: { $0.id == rateID }) else { return nil }
            let total = (perRate[rateID] ?? .zero).rounded(decimals, taxRounding)
            let code = "\(rate.country.isEmpty ? "" : rate.country + "-")\(rate.name.uppercased())-\(rate.priority)"
            return OrderRecord.TaxLine(
                id: previous.first { $0.rateID == rateID }?.id ?? 0, rateID: rateID,
                rateCode: code.replacingOccurrences(of: " ", with: "-"), label: rate.name, compound: rate.compound,
                taxTotal: total, ratePercent: (Fixed(parsing: rate.rate) ?? .zero).trimmed
            )
        }

        // 5. Order totals.
        let cartSubtotal = order.lineItems.reduce(Fixed.zero) { $0 + $1.subtotal.rounded(decimals) }
        let cartTotal = order.lineItems.reduce(Fixed.zero) { $0 + $1.total.rounded(decimals) }
        let subtotalTax = order.lineItems.reduce(Fixed.zero) { $0 + $1.subtotalTax }
        let totalItemTax = order.lineItems.reduce(Fixed.zero) { $0 + $1.totalTax }
        let fees = order.feeLines.reduce(Fixed.zero) { $0 + $1.total.rounded(decimals) }
        order.cartTax = order.taxLines.reduce(.zero) { $0 + $1.taxTotal }
        order.shippingTotal = order.shippingLines.reduce(.zero) { $0 + $1.total }.rounded(decimals)
        order.discountTotal = (cartSubtotal - cartTotal).rounded(decimals)
        order.discountTax = (subtotalTax - totalItemTax).rounded(decimals, taxRounding)
        order.totalTax = order.cartTax
        order.total = (cartTotal + fees + order.shippingTotal + order.cartTax).rounded(decimals)
    }

    private func lineRates(_ item: OrderRecord.LineItem) -> [TaxRateRecord] {
        item.taxStatus == "taxable" ? taxes.rates(forClass: item.taxClass) : []
    }

    private func minor(_ cents: Int64) -> Fixed {
        Fixed(micros: Fixed.saturatingProduct(cents, Fixed.power(6 - decimals)))
    }
}
