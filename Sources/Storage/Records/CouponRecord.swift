import Foundation
import GRDB

/// A store coupon with the rules the counter needs to apply it offline, as last synced.
///
/// Amounts are the server's decimal strings: `amount` is a percentage for "percent" coupons and money for
/// "fixed_cart" / "fixed_product" ones. Codes compare case-insensitively, as in WooCommerce.
public struct CouponRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "coupon"

    /// The WooCommerce coupon id.
    public var id: Int64
    public var code: String
    /// "percent", "fixed_cart" or "fixed_product".
    public var discountType: String
    public var amount: String
    public var individualUse: Bool
    public var excludeSaleItems: Bool
    public var productIds: [Int64]
    public var excludedProductIds: [Int64]
    public var productCategories: [Int64]
    public var excludedProductCategories: [Int64]
    public var emailRestrictions: [String]
    /// The minimum cart subtotal as decimal text; empty for none.
    public var minimumAmount: String
    /// The maximum cart subtotal as decimal text; empty for none.
    public var maximumAmount: String
    public var usageLimit: Int?
    public var usageLimitPerUser: Int?
    public var limitUsageToXItems: Int?
    public var usageCount: Int
    public var freeShipping: Bool
    public var dateExpires: Date?
    public var dateModified: Date?

    public init(
        id: Int64, code: String, discountType: String, amount: String, individualUse: Bool = false,
        excludeSaleItems: Bool = false, productIds: [Int64] = [], excludedProductIds: [Int64] = [],
        productCategories: [Int64] = [], excludedProductCategories: [Int64] = [], emailRestrictions: [String] = [],
        minimumAmount: String = "", maximumAmount: String = "", usageLimit: Int? = nil, usageLimitPerUser: Int? = nil,
        limitUsageToXItems: Int? = nil, usageCount: Int = 0, freeShipping: Bool = false, dateExpires: Date? = nil,
        dateModified: Date? = nil
    ) {
        self.id = id
        self.code = code
        self.discountType = discountType
        self.amount = amount
        self.individualUse = individualUse
        self.excludeSaleItems = excludeSaleItems
        self.productIds = productIds
        self.excludedProductIds = excludedProductIds
        self.productCategories = productCategories
        self.excludedProductCategories = excludedProductCategories
        self.emailRestrictions = emailRestrictions
        self.minimumAmount = minimumAmount
        self.maximumAmount = maximumAmount
        self.usageLimit = usageLimit
        self.usageLimitPerUser = usageLimitPerUser
        self.limitUsageToXItems = limitUsageToXItems
        self.usageCount = usageCount
        self.freeShipping = freeShipping
        self.dateExpires = dateExpires
        self.dateModified = dateModified
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let code = Column(CodingKeys.code)
        public static let dateExpires = Column(CodingKeys.dateExpires)
    }
}

extension CouponRecord {
    /// The coupon with this code, compared case-insensitively; `nil` if there is none.
    public static func find(code: String, in db: Database) throws -> CouponRecord? {
        try CouponRecord.filter(Columns.code == code.trimmingCharacters(in: .whitespaces)).fetchOne(db)
    }
}
