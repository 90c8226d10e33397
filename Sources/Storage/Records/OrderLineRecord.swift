import GRDB

/// One line of a local order: a product or variation, its quantity and its computed amounts.
///
/// Amounts are minor units of the order's currency, computed as WooCommerce does: `subtotal` before coupons,
/// `total` after; `…Tax` are the matching taxes. `taxes` keeps the per-rate split.
public struct OrderLineRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "orderLine"
    public static let order = belongsTo(OrderRecord.self)

    /// The tax one rate put on this line.
    public struct Tax: Codable, Hashable, Sendable {
        public var rateId: Int64
        public var subtotal: Int64
        public var total: Int64
        public init(rateId: Int64, subtotal: Int64, total: Int64) {
            self.rateId = rateId
            self.subtotal = subtotal
            self.total = total
        }
    }

    public var id: Int64?
    public var orderId: Int64
    /// The line's place in the cart, from 0.
    public var position: Int
    public var productId: Int64?
    public var variationId: Int64?
    public var name: String
    public var sku: String
    public var quantity: Int
    public var unitPrice: Int64
    public var subtotal: Int64
    public var subtotalTax: Int64
    public var total: Int64
    public var totalTax: Int64
    public var taxClass: String
    public var taxes: [Tax]
    /// The server's line item id once synced.
    public var remoteId: Int64?
    /// The net weight in grams of a line sold by weight (its ``unitPrice`` is then per kilogram, its quantity 1).
    public var weightGrams: Int?
    /// Set when the line was sold as a manual item because the catalog lacked its barcode: the scanned code
    /// (empty when none was scanned). The merchant reviews these lines.
    public var manualItemCode: String?
    /// The code rung up (a barcode, SKU or id; for a manual item the scanned code, maybe empty).
    public var code: String = ""
    /// The line's manual discount, as rung up (millionths: percent or amount).
    public var discountKind: OrderRecord.DiscountKind?
    public var discountMicros: Int64?
    /// The price a price label carried (minor units), for a labelled line.
    public var labelPrice: Int64?
    /// A manual item's unit price as typed (millionths); set only for a manual item.
    public var manualUnitMicros: Int64?

    public init(
        id: Int64? = nil, orderId: Int64, position: Int, productId: Int64? = nil, variationId: Int64? = nil,
        name: String, sku: String = "", quantity: Int, unitPrice: Int64, subtotal: Int64, subtotalTax: Int64,
        total: Int64, totalTax: Int64, taxClass: String = "", taxes: [Tax] = [], remoteId: Int64? = nil,
        weightGrams: Int? = nil,
        manualItemCode: String? = nil
    ) {
        self.weightGrams = weightGrams
        self.id = id
        self.orderId = orderId
        self.position = position
        self.productId = productId
        self.variationId = variationId
        self.name = name
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.subtotal = subtotal
        self.subtotalTax = subtotalTax
        self.total = total
        self.totalTax = totalTax
        self.taxClass = taxClass
        self.taxes = taxes
        self.remoteId = remoteId
        self.manualItemCode = manualItemCode
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let position = Column(CodingKeys.position)
        public static let productId = Column(CodingKeys.productId)
        public static let variationId = Column(CodingKeys.variationId)
        public static let manualItemCode = Column(CodingKeys.manualItemCode)
    }
}
