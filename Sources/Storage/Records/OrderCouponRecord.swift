import GRDB

/// A coupon applied to a local order and the discount it gave, in minor units of the order's currency.
public struct OrderCouponRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "orderCoupon"
    public static let order = belongsTo(OrderRecord.self)

    public var id: Int64?
    public var orderId: Int64
    public var code: String
    public var discount: Int64
    public var discountTax: Int64
    public var remoteId: Int64?

    public init(
        id: Int64? = nil, orderId: Int64, code: String, discount: Int64, discountTax: Int64, remoteId: Int64? = nil
    ) {
        self.id = id
        self.orderId = orderId
        self.code = code
        self.discount = discount
        self.discountTax = discountTax
        self.remoteId = remoteId
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let code = Column(CodingKeys.code)
    }
}
