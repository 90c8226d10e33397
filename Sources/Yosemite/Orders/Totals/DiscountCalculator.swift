/// Applies coupons to order items in integer minor units, as `WC_Discounts` does for an order.
///
/// - `set_items_from_order`: an item's price is its line subtotal (plus its subtotal tax when prices include
///   tax) times 10^decimals (`wc_add_number_precision`, kept at `6 − decimals` fraction digits); items are
///   sorted by price, highest first (`sort_by_price`, stable).
/// - `get_items_to_apply_coupon`: items with something left to discount; for non-`fixed_cart` coupons only those
///   `is_valid_for_product`.
/// - `apply_coupon_percent`: per item `floor(round(price) × pct / 100)`, capped at what is left of the item; then
///   the difference to `round(Σ round(price) × pct / 100)` goes one minor unit per unit (`apply_coupon_remainder`).
/// - `apply_coupon_fixed_product`: `amount × quantity` per item, capped at what is left.
/// - `apply_coupon_fixed_cart`: `floor(amount / Σ quantity)` per unit through fixed_product, repeated on what is
///   left; a rest smaller than one minor unit per unit goes one minor unit at a time (`apply_coupon_remainder`).
struct DiscountCalculator {
    private struct Item {
        let index: Int
        /// Price in minor units × 10^(6 − decimals) fraction kept, as micros of a minor unit.
        let price: PreciseAmount
        let quantity: Int64
        let line: TotalsInput.Line
        var discounted: Int64 = 0

        /// `get_discounted_price_in_cents`: what is left to discount, whole minor units.
        var remaining: Int64 { max(0, price.rounded(0).micros / PreciseAmount.scale - discounted) }
        var roundedPrice: Int64 { price.rounded(0).micros / PreciseAmount.scale }
    }

    private var items: [Item]
    private let decimals: Int

    /// Prepares the lines: `prices[i]` is line i's subtotal (+ subtotal tax when prices include tax).
    init(lines: [TotalsInput.Line], prices: [PreciseAmount], decimals: Int) {
        self.decimals = decimals
        let factor = PreciseAmount.power(decimals)
        let prepared = lines.indices.compactMap { index -> Item? in
            guard lines[index].quantity > 0 else { return nil }
            let cents = PreciseAmount(micros: prices[index].micros * factor).rounded(6 - decimals)
            return Item(index: index, price: cents, quantity: Int64(lines[index].quantity), line: lines[index])
        }
        items = prepared.enumerated().sorted { a, b in
            a.element.price == b.element.price ? a.offset < b.offset : a.element.price > b.element.price
        }.map(\.element)
    }

    /// Applies one coupon and returns its discount per line index, in minor units.
    mutating func apply(_ coupon: CouponRule) -> [Int: Int64] {
        let targets = items.indices.filter { position in
            items[position].remaining > 0 && (coupon.kind == .fixedCart || coupon.isValid(for: items[position].line))
        }
        let before = items.map(\.discounted)
        switch coupon.kind {
        case .percent: applyPercent(coupon.amount, targets)
        case .fixedProduct: applyFixedProduct(perUnit: minorUnits(coupon.amount), targets)
        case .fixedCart: applyFixedCart(minorUnits(coupon.amount), targets)
        }
        var result: [Int: Int64] = [:]
        for (position, item) in items.enumerated() where item.discounted != before[position] {
            result[item.index] = item.discounted - before[position]
        }
        return result
    }

    private func minorUnits(_ amount: PreciseAmount) -> Int64 { amount.minorUnits(exponent: decimals) }

    private mutating func applyPercent(_ percent: PreciseAmount, _ targets: [Int]) {
        var cartTotal: Int64 = 0, total: Int64 = 0
        for position in targets {
            let priceToDiscount = items[position].roundedPrice
            let raw = Int128(priceToDiscount) * Int128(percent.micros) / Int128(100 * PreciseAmount.scale)
            let discount = min(items[position].remaining, Int64(raw))
            items[position].discounted += discount
            cartTotal += priceToDiscount
            total += discount
        }
        let whole = PreciseAmount.divide(Int128(cartTotal) * Int128(percent.micros), Int128(100 * PreciseAmount.scale), .halfUp)
        if total < whole { applyRemainder(whole - total, targets) }
    }

    @discardableResult
    private mutating func applyFixedProduct(perUnit: Int64, _ targets: [Int]) -> Int64 {
        var total: Int64 = 0
        for position in targets {
            let discount = min(items[position].remaining, perUnit * items[position].quantity)
            items[position].discounted += discount
            total += discount
        }
        return total
    }

    @discardableResult
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

    @discardableResult
    private mutating func applyRemainder(_ amount: Int64, _ targets: [Int]) -> Int64 {
        var total: Int64 = 0
        for position in targets {
            for _ in 0..<items[position].quantity {
                if items[position].remaining == 0 { break }
                items[position].discounted += 1
                total += 1
                if total >= amount { return total }
            }
        }
        return total
    }
}
