import Foundation

/// A coupon (`wc/v3/coupons`).
public struct CouponRecord: Sendable, Equatable {
    /// The id.
    public var id: Int64
    /// The code, lower-cased as WooCommerce stores it.
    public var code: String
    /// The amount as decimal text (percent or money).
    public var amount: String
    /// `percent`, `fixed_cart` or `fixed_product`.
    public var discountType: String = "fixed_cart"
    /// The description.
    public var description: String = ""
    /// How often it was used.
    public var usageCount: Int64 = 0
    /// Restricts the coupon to these products (empty = all).
    public var productIDs: [Int64] = []
    /// Excludes these products.
    public var excludedProductIDs: [Int64] = []
    /// `meta_data`.
    public var metaData: [MetaDatum] = []
    /// Creation date.
    public var dateCreated: Date
    /// Last modification date.
    public var dateModified: Date

    func json(decimals: Int) -> JSON {
        .object([
            ("id", .int(id)), ("code", .string(code)),
            ("amount", .string((Fixed(parsing: amount) ?? .zero).formatted(decimals))),
            ("status", .string("publish")),
            ("date_created", WooDate.json(dateCreated)), ("date_created_gmt", WooDate.json(dateCreated)),
            ("date_modified", WooDate.json(dateModified)), ("date_modified_gmt", WooDate.json(dateModified)),
            ("discount_type", .string(discountType)), ("description", .string(description)),
            ("date_expires", .null), ("date_expires_gmt", .null), ("usage_count", .int(usageCount)),
            ("individual_use", .bool(false)), ("product_ids", .array(productIDs.map(JSON.int))),
            ("excluded_product_ids", .array(excludedProductIDs.map(JSON.int))), ("usage_limit", .null),
            ("usage_limit_per_user", .null), ("limit_usage_to_x_items", .null), ("free_shipping", .bool(false)),
            ("product_categories", .array([])), ("excluded_product_categories", .array([])),
            ("exclude_sale_items", .bool(false)), ("minimum_amount", .string("0.00")),
            ("maximum_amount", .string("0.00")), ("email_restrictions", .array([])), ("used_by", .array([])),
            ("meta_data", .array(metaData.map(\.json))),
        ])
    }

    /// Whether the coupon applies to a line of `productID`.
    func applies(to productID: Int64, variationID: Int64) -> Bool {
        let ids = [productID, variationID].filter { $0 != 0 }
        if ids.contains(where: excludedProductIDs.contains) { return false }
        return productIDs.isEmpty || ids.contains(where: productIDs.contains)
    }
}
