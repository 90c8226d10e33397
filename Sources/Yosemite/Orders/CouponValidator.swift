import Foundation
import Localization
import POSFoundation

/// Whether coupons may apply to an order, after `WC_Discounts::is_coupon_valid` (the checks that need no
/// customer history).
///
/// Checks, in WooCommerce's order: usage limit (`validate_coupon_usage_limit`), expiry
/// (`validate_coupon_expiry_date`), minimum and maximum spend against the order subtotal tax excluded
/// (`validate_coupon_minimum_amount` / `…_maximum_amount`, `WC_Order::get_subtotal`), for `fixed_cart`
/// coupons the product and category lists and the exclusions (`validate_coupon_product_ids`,
/// `…_product_categories`, `…_excluded_items`, `…_sale_items`), for `percent` and `fixed_product` at least one
/// eligible item (`validate_coupon_eligible_items`), and individual use (`WC_Abstract_Order::apply_coupon`).
struct CouponValidator {
    let input: TotalsInput
    let now: Date
    let currency: Currency
    /// How the store writes money, for the amounts in the reasons ("the minimum spend is 100,00 €"); `nil`: the
    /// screen language's way.
    var format: MoneyFormat? = nil

    func validate(_ coupons: [CouponRule]) throws(OrderError) {
        let subtotal = PreciseAmount(minorUnits: TotalsCalculator().totals(for: input).subtotal, exponent: input.decimals)
        for coupon in coupons {
            func fail(_ reason: String) -> OrderError { .couponInvalid(code: coupon.code, reason: reason) }
            if let limit = coupon.usageLimit, limit > 0, coupon.usageCount >= limit { throw fail(L10n.tr("error.order.coupon.usageLimit")) }
            if let expires = coupon.expires, expires < now { throw fail(L10n.tr("error.order.coupon.expired")) }
            if let minimum = coupon.minimumAmount, minimum > subtotal {
                throw fail(L10n.tr("error.order.coupon.minimum", ["amount": money(minimum)]))
            }
            if let maximum = coupon.maximumAmount, maximum < subtotal {
                throw fail(L10n.tr("error.order.coupon.maximum", ["amount": money(maximum)]))
            }
            if coupon.kind == .fixedCart {
                try validateCartCoupon(coupon, fail)
            } else if !input.lines.contains(where: coupon.isValid(for:)) {
                throw fail(L10n.tr("error.order.coupon.notForItems"))
            }
            if coupons.count > 1, coupon.individualUse { throw fail(L10n.tr("error.order.coupon.individualUse")) }
            if coupons.filter({ $0.code == coupon.code }).count > 1 { throw fail(L10n.tr("error.order.coupon.alreadyApplied")) }
        }
    }

    private func validateCartCoupon(_ coupon: CouponRule, _ fail: (String) -> OrderError) throws(OrderError) {
        let lines = input.lines
        if !coupon.productIds.isEmpty,
           !lines.contains(where: { !coupon.productIds.isDisjoint(with: [$0.productId, $0.variationId ?? $0.productId]) }) {
            throw fail(L10n.tr("error.order.coupon.notForItems"))
        }
        if !coupon.categoryIds.isEmpty, !lines.contains(where: { !coupon.categoryIds.isDisjoint(with: $0.categoryIds) }) {
            throw fail(L10n.tr("error.order.coupon.notForCategories"))
        }
        if lines.contains(where: { !coupon.excludedProductIds.isDisjoint(with: [$0.productId, $0.variationId ?? $0.productId]) }) {
            throw fail(L10n.tr("error.order.coupon.excludedProduct"))
        }
        if lines.contains(where: { !coupon.excludedCategoryIds.isDisjoint(with: $0.categoryIds) }) {
            throw fail(L10n.tr("error.order.coupon.excludedCategory"))
        }
        if coupon.excludeSaleItems, lines.contains(where: \.onSale) { throw fail(L10n.tr("error.order.coupon.saleItems")) }
    }

    private func money(_ amount: PreciseAmount) -> String {
        Money(minorUnits: amount.minorUnits(exponent: currency.exponent), currency: currency).formatted(format ?? .screen(for: currency))
    }
}
