import Foundation
import Storage

/// A coupon's rules as synced (`CouponRecord`), parsed for the totals: type, amount and restrictions.
public struct CouponRule: Hashable, Sendable {
    /// WooCommerce's coupon types.
    public enum Kind: String, Hashable, Sendable {
        /// A percentage off each eligible item (`percent`, a "product" coupon type).
        case percent
        /// A fixed amount off the whole order (`fixed_cart`, the one "cart" coupon type).
        case fixedCart = "fixed_cart"
        /// A fixed amount off each eligible unit (`fixed_product`).
        case fixedProduct = "fixed_product"
    }

    public var id: Int64
    /// The code, lowercased as WooCommerce stores it (`wc_format_coupon_code` + `wc_strtolower`).
    public var code: String
    public var kind: Kind
    /// A percentage for ``Kind/percent``, money otherwise.
    public var amount: PreciseAmount
    public var individualUse: Bool
    public var excludeSaleItems: Bool
    public var productIds: Set<Int64>
    public var excludedProductIds: Set<Int64>
    public var categoryIds: Set<Int64>
    public var excludedCategoryIds: Set<Int64>
    public var minimumAmount: PreciseAmount?
    public var maximumAmount: PreciseAmount?
    public var usageLimit: Int?
    public var usageCount: Int
    public var expires: Date?

    public init(id: Int64 = 0, code: String, kind: Kind, amount: PreciseAmount, individualUse: Bool = false,
                excludeSaleItems: Bool = false, productIds: Set<Int64> = [], excludedProductIds: Set<Int64> = [],
                categoryIds: Set<Int64> = [], excludedCategoryIds: Set<Int64> = [], minimumAmount: PreciseAmount? = nil,
                maximumAmount: PreciseAmount? = nil, usageLimit: Int? = nil, usageCount: Int = 0, expires: Date? = nil) {
        self.id = id
        self.code = code.lowercased()
        self.kind = kind
        self.amount = amount
        self.individualUse = individualUse
        self.excludeSaleItems = excludeSaleItems
        self.productIds = productIds
        self.excludedProductIds = excludedProductIds
        self.categoryIds = categoryIds
        self.excludedCategoryIds = excludedCategoryIds
        self.minimumAmount = minimumAmount
        self.maximumAmount = maximumAmount
        self.usageLimit = usageLimit
        self.usageCount = usageCount
        self.expires = expires
    }

    /// The rules of a synced coupon; an unknown type reads as `fixed_cart`, WooCommerce's default type.
    public init(_ record: CouponRecord) {
        func amount(_ text: String) -> PreciseAmount? {
            guard let value = PreciseAmount(decimalText: text), value > .zero else { return nil }
            return value
        }
        self.init(id: record.id, code: record.code, kind: Kind(rawValue: record.discountType) ?? .fixedCart,
                  amount: PreciseAmount(decimalText: record.amount) ?? .zero, individualUse: record.individualUse,
                  excludeSaleItems: record.excludeSaleItems, productIds: Set(record.productIds),
                  excludedProductIds: Set(record.excludedProductIds), categoryIds: Set(record.productCategories),
                  excludedCategoryIds: Set(record.excludedProductCategories),
                  minimumAmount: amount(record.minimumAmount), maximumAmount: amount(record.maximumAmount),
                  usageLimit: record.usageLimit, usageCount: record.usageCount, expires: record.dateExpires)
    }

    /// `WC_Coupon::is_valid_for_product`: the item is named (by product, parent or category) or nothing is
    /// named, and it is not excluded (by product, parent, category, or as a sale item when sale items are excluded).
    public func isValid(for item: TotalsInput.Line) -> Bool {
        let ids: Set<Int64> = [item.productId, item.variationId ?? item.productId]
        var valid = productIds.isEmpty && categoryIds.isEmpty
        if !productIds.isDisjoint(with: ids) || !categoryIds.isDisjoint(with: item.categoryIds) { valid = true }
        if !excludedProductIds.isDisjoint(with: ids) || !excludedCategoryIds.isDisjoint(with: item.categoryIds) {
            valid = false
        }
        if excludeSaleItems && item.onSale { valid = false }
        return valid
    }
}
