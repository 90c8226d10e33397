import GRDB

/// A fee line of a local order (a service charge, a bag), in minor units of the order's currency.
public struct OrderFeeRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "orderFee"
    public static let order = belongsTo(OrderRecord.self)

    public var id: Int64?
    public var orderId: Int64
    public var position: Int
    public var name: String
    public var taxClass: String
    /// "taxable" or "none".
    public var taxStatus: String
    public var total: Int64
    public var totalTax: Int64
    public var remoteId: Int64?
    /// The fee as typed (millionths, tax excluded).
    public var amountMicros: Int64?

    public init(
        id: Int64? = nil, orderId: Int64, position: Int = 0, name: String, taxClass: String = "",
        taxStatus: String = "taxable", total: Int64, totalTax: Int64, remoteId: Int64? = nil
    ) {
        self.id = id
        self.orderId = orderId
        self.position = position
        self.name = name
        self.taxClass = taxClass
        self.taxStatus = taxStatus
        self.total = total
        self.totalTax = totalTax
        self.remoteId = remoteId
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
    }
}
