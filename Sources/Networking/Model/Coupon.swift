import Foundation
import POSFoundation

/// A coupon, as `GET /wc/v3/coupons` returns it.
///
/// Amounts come without a currency, as the merchant typed them: ``amount`` (a percentage for
/// ``DiscountType/percent``), ``minimumAmount`` and ``maximumAmount`` are ``ExactDecimal`` values (nil for "",
/// and "0.00" means no limit for the minimum and maximum). Use `money(in:)` with the store's currency.
public struct Coupon: Hashable, Sendable, Decodable {
    /// How the coupon discounts.
    public enum DiscountType: Hashable, Sendable {
        case percent, fixedCart, fixedProduct
        case custom(String)

        /// Builds the type from WooCommerce's slug.
        public init(slug: String) {
            switch slug {
            case "percent": self = .percent
            case "fixed_cart": self = .fixedCart
            case "fixed_product": self = .fixedProduct
            default: self = .custom(slug)
            }
        }

        /// The slug WooCommerce uses.
        public var slug: String {
            switch self {
            case .percent: "percent"
            case .fixedCart: "fixed_cart"
            case .fixedProduct: "fixed_product"
            case .custom(let slug): slug
            }
        }
    }

    public let id: RemoteID
    public let code: String
    public let amount: ExactDecimal?
    public let discountType: DiscountType
    public let description: String
    public let dateExpires: Date?
    public let usageCount: Int
    public let usageLimit: Int?
    public let usageLimitPerUser: Int?
    public let limitUsageToXItems: Int?
    public let individualUse: Bool
    public let productIDs: [RemoteID]
    public let excludedProductIDs: [RemoteID]
    public let productCategories: [RemoteID]
    public let excludedProductCategories: [RemoteID]
    public let minimumAmount: ExactDecimal?
    public let maximumAmount: ExactDecimal?
    public let freeShipping: Bool
    public let excludeSaleItems: Bool
    public let emailRestrictions: [String]
    public let usedBy: [String]
    public let dateModified: Date?

    enum CodingKeys: String, CodingKey {
        case id, code, amount, description
        case discountType = "discount_type", dateExpires = "date_expires", dateExpiresGMT = "date_expires_gmt"
        case usageCount = "usage_count", usageLimit = "usage_limit", usageLimitPerUser = "usage_limit_per_user"
        case limitUsageToXItems = "limit_usage_to_x_items", individualUse = "individual_use"
        case productIDs = "product_ids", excludedProductIDs = "excluded_product_ids"
        case productCategories = "product_categories", excludedProductCategories = "excluded_product_categories"
        case minimumAmount = "minimum_amount", maximumAmount = "maximum_amount", freeShipping = "free_shipping"
        case excludeSaleItems = "exclude_sale_items", emailRestrictions = "email_restrictions", usedBy = "used_by"
        case dateModified = "date_modified", dateModifiedGMT = "date_modified_gmt"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        code = c.string(.code)
        amount = try c.lenientDecimal(.amount)
        discountType = DiscountType(slug: c.lenientString(.discountType) ?? "fixed_cart")
        description = c.string(.description)
        dateExpires = c.lenientDate(.dateExpiresGMT, orLocal: .dateExpires)
        usageCount = c.lenientInt(.usageCount) ?? 0
        usageLimit = c.lenientInt(.usageLimit)
        usageLimitPerUser = c.lenientInt(.usageLimitPerUser)
        limitUsageToXItems = c.lenientInt(.limitUsageToXItems)
        individualUse = c.bool(.individualUse)
        productIDs = c.idList(.productIDs)
        excludedProductIDs = c.idList(.excludedProductIDs)
        productCategories = c.idList(.productCategories)
        excludedProductCategories = c.idList(.excludedProductCategories)
        minimumAmount = try c.lenientDecimal(.minimumAmount)
        maximumAmount = try c.lenientDecimal(.maximumAmount)
        freeShipping = c.bool(.freeShipping)
        excludeSaleItems = c.bool(.excludeSaleItems)
        emailRestrictions = c.stringList(.emailRestrictions)
        usedBy = c.stringList(.usedBy)
        dateModified = c.lenientDate(.dateModifiedGMT, orLocal: .dateModified)
    }
}
