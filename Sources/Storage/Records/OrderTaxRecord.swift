import GRDB

/// One tax rate's total on a local order (WooCommerce's `tax_lines`), in minor units of the order's currency.
public struct OrderTaxRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "orderTax"
    public static let order = belongsTo(OrderRecord.self)

    public var id: Int64?
    public var orderId: Int64
    public var rateId: Int64
    /// WooCommerce's rate code, such as "DE-MWST-1".
    public var rateCode: String
    public var label: String
    /// The percentage as decimal text ("19.0000").
    public var ratePercent: String
    public var compound: Bool
    public var taxTotal: Int64
    public var shippingTaxTotal: Int64
    public var remoteId: Int64?

    public init(
        id: Int64? = nil, orderId: Int64, rateId: Int64, rateCode: String = "", label: String = "",
        ratePercent: String, compound: Bool = false, taxTotal: Int64, shippingTaxTotal: Int64 = 0,
        remoteId: Int64? = nil
    ) {
        self.id = id
        self.orderId = orderId
        self.rateId = rateId
        self.rateCode = rateCode
        self.label = label
        self.ratePercent = ratePercent
        self.compound = compound
        self.taxTotal = taxTotal
        self.shippingTaxTotal = shippingTaxTotal
        self.remoteId = remoteId
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let rateId = Column(CodingKeys.rateId)
    }
}
