import Foundation

/// Applies coupons to order lines in integer minor units, after `WC_Discounts` (see ``OrderCalculator``).
struct DiscountCalculator {
    private struct Item {
        let index: Int
        /// The line price in minor units with 6 − decimals fraction digits kept (`wc_add_number_precision`).
        let price: Fixed
        let quantity: Int64
        let productID: Int64
        let variationID: Int64
        /// Minor units discounted so far by all coupons.
        var discounted: Int64 = 0

        /// `get_discounted_price_in_cents`: what is left to discount, whole minor units.
        var remaining: Int64 { max(0, Int64(price.rounded(0).micros / Fixed.scale) - discounted) }
    }

    private var items: [Item]
    private let decimals: Int

    /// Prepares the order's lines (quantity > 0), highest line price first.
    init(order: OrderRecord, decimals: Int) {
        self.decimals = decimals
        let factor = Fixed.power(decimals)
        let prepared = order.lineItems.enumerated().compactMap { index, line -> Item? in
            guard line.quantity > 0 else { return nil }
            let major = line.subtotal + (order.pricesIncludeTax ? line.subtotalTax : .zero)
            let cents = Fixed(micros: Fixed.saturatingProduct(major.micros, factor)).rounded(6 - decimals)
            return Item(index: index, price: cents, quantity: line.quantity, productID: line.productID,
                        variationID: line.variationID)
        }
        items = prepared.enumerated().sorted { a, b in
            a.element.price == b.element.price ? a.offset < b.offset : a.element.price > b.element.price
        }.map(\.element)
    }

    /// Applies one coupon and returns its discount per order-line index, in minor units.
    mutating func apply(_ coupon: CouponRecord) -> [Int: Int64] {
        // `get_items_to_apply_coupon`: a fixed_cart coupon is valid for the cart (`is_valid_for_cart`), so it
        // spreads over every item; its product lists only decide whether it may be used at all.
        let targets = items.indices.filter { items[$0].price > .zero
            && (coupon.discountType == "fixed_cart"
                || coupon.applies(to: items[$0].productID, variationID: items[$0].variationID)) }
        let before = items.map(\.discounted)
        let amount = Fixed(parsing: coupon.amount) ?? .zero
        switch coupon.discountType {
        case "percent":
            applyPercent(amount, targets)
        case "fixed_product":
            applyFixedProduct(perUnit: minorUnits(amount), targets)
        default:
            _ = applyFixedCart(minorUnits(amount), targets)
        }
        var result: [Int: Int64] = [:]
        for (position, item) in items.enumerated() where item.discounted != before[position] {
            result[item.index] = item.discounted - before[position]
        }
        return result
    }

    private func minorUnits(_ amount: Fixed) -> Int64 {
        Fixed(micros: Fixed.saturatingProduct(amount.micros, Fixed.power(decimals))).rounded(0).micros / Fixed.scale
    }

    private mutating func applyPercent(_ percent: Fixed, _ targets: [Int]) {
        var cartTotal: Int64 = 0, total: Int64 = 0
        for position in targets {
            let priceToDiscount = items[position].price.rounded(0).micros / Fixed.scale
            let raw = Int128(priceToDiscount) * Int128(percent.micros) / Int128(100 * Fixed.scale)
            let discount = min(items[position].remaining, Int64(clamping: raw))
            items[position].discounted += discount
            cartTotal = Fixed.saturatingAdd(cartTotal, priceToDiscount)
            total = Fixed.saturatingAdd(total, discount)
        }
        let whole = Fixed.divide(Int128(cartTotal) * Int128(percent.micros), Int128(100 * Fixed.scale))
        if total < whole { _ = applyRemainder(whole - total, targets) }
    }

    @discardableResult
    private mutating func applyFixedProduct(perUnit: Int64, _ targets: [Int]) -> Int64 {
        var total: Int64 = 0
        for position in targets {
            let discount = min(items[position].remaining, Fixed.saturatingProduct(perUnit, items[position].quantity))
            items[position].discounted += discount
            total += discount
        }
        return total
    }

    private mutating func applyFixedCart(_ amount: Int64, _ targets: [Int]) -> Int64 {
        let count = targets.reduce(Int64(0)) { $0 + items[$1].quantity }
        guard count > 0, amount > 0 else { return 0 }
        let perUnit = amount / count
        if perUnit > 0 {
            var total = applyFixedProduct(perUnit: perUnit, targets)
            if total > 0, total < amount { total += applyFixedCart(amount - total, targets) }
            return total
        }
        return applyRemainder(amount, targets)
    }

    private mutating func applyRemainder(_ amount: Int64, _ targets: [Int]) -> Int64 {
        var total: Int64 = 0
        for position in targets {
            for _ in 0..<items[position].quantity {
                if items[position].remaining == 0 { break }
                let discount = min(items[position].remaining, 1)
                items[position].discounted += discount
                total += discount
                if total >= amount { return total }
            }
        }
        return total
    }
}
