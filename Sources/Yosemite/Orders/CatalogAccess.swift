import Storage

/// The catalog reads a cart needs, bound to one database snapshot by the caller's `read` closure (Yosemite
/// never names GRDB's types; it passes the connection through closures).
struct CatalogAccess {
    var lookup: (String) throws -> BarcodeMatch?
    var product: (Int64) throws -> ProductRecord?
    var variation: (Int64) throws -> ProductVariationRecord?
    var categoryIds: (Int64) throws -> [Int64]
    var coupon: (String) throws -> CouponRecord?
    var taxRates: () throws -> [TaxRateRecord]
}
