import Foundation
import GRDB
import POSFoundation

/// What to look for in the order history.
public struct OrderHistoryFilter: Hashable, Sendable {
    /// A local number, a server number, a client UUID (or its prefix), or a customer id.
    public var text: String?
    public var customerId: Int64?
    /// Sales at or after this time.
    public var from: Date?
    /// Sales before this time.
    public var to: Date?
    /// Only orders the server does not have yet (pending or parked).
    public var unsyncedOnly: Bool
    /// Only orders with a line sold as a manual item (for the merchant to review).
    public var forReviewOnly: Bool = false
    public var limit: Int

    public init(text: String? = nil, customerId: Int64? = nil, from: Date? = nil, to: Date? = nil,
                unsyncedOnly: Bool = false, limit: Int = 100) {
        self.text = text
        self.customerId = customerId
        self.from = from
        self.to = to
        self.unsyncedOnly = unsyncedOnly
        self.limit = limit
    }
}

/// One order with everything that belongs to it, read in one snapshot.
public struct OrderRecordDetail: Hashable, Sendable, Codable {
    public var order: OrderRecord
    public var lines: [OrderLineRecord]
    public var fees: [OrderFeeRecord]
    public var coupons: [OrderCouponRecord]
    public var taxes: [OrderTaxRecord]
    public var payments: [PaymentRecord]
    public var outbox: [OutboxRecord]

    public init(order: OrderRecord, lines: [OrderLineRecord] = [], fees: [OrderFeeRecord] = [],
                coupons: [OrderCouponRecord] = [], taxes: [OrderTaxRecord] = [], payments: [PaymentRecord] = [],
                outbox: [OutboxRecord] = []) {
        self.order = order
        self.lines = lines
        self.fees = fees
        self.coupons = coupons
        self.taxes = taxes
        self.payments = payments
        self.outbox = outbox
    }
}

extension OrderRecord {
    /// Orders matching `filter`, newest first.
    public static func history(_ filter: OrderHistoryFilter, in db: Database) throws -> [OrderRecord] {
        var request = OrderRecord.all().completed().newestFirst()
        if filter.unsyncedOnly { request = request.unsynced() }
        if filter.forReviewOnly {
            let manual = OrderLineRecord.filter(OrderLineRecord.Columns.manualItemCode != nil).select(OrderLineRecord.Columns.orderId)
            request = request.filter(manual.contains(Columns.id))
        }
        if let customerId = filter.customerId { request = request.filter(Column("customerId") == customerId) }
        if let from = filter.from { request = request.filter(Columns.createdAt >= from) }
        if let to = filter.to { request = request.filter(Columns.createdAt < to) }
        if let text = filter.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            let number = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text)
            var condition = Columns.clientUUID.like(text.lowercased() + "%") || Column("remoteNumber") == text
            if let number {
                condition = condition || Columns.localNumber == number || Column("customerId") == number
                    || Columns.remoteId == number
            }
            request = request.filter(condition)
        }
        return try request.limit(filter.limit).fetchAll(db)
    }

    /// The completed order with this local number, client UUID, or server id/number ("#123"); `nil` if none (a sale
    /// still open, parked or voided is not an order to show, refund or reprint).
    public static func find(reference: String, in db: Database) throws -> OrderRecord? {
        let text = reference.trimmingCharacters(in: .whitespaces)
        if let uuid = ClientUUID(string: text) { return try find(clientUUID: uuid, in: db).flatMap { $0.state == .completed ? $0 : nil } }
        if text.hasPrefix("#") {
            return try OrderRecord.all().completed().filter(Column("remoteNumber") == String(text.dropFirst())).fetchOne(db)
        }
        if let number = Int64(text) { return try OrderRecord.all().completed().filter(Columns.localNumber == number).fetchOne(db) }
        return nil
    }

    /// The order and its lines, fees, coupons, taxes, payments and outbox entries.
    public static func detail(id: Int64, in db: Database) throws -> OrderRecordDetail? {
        guard let order = try OrderRecord.fetchOne(db, key: id) else { return nil }
        return OrderRecordDetail(
            order: order,
            lines: try OrderLineRecord.filter(OrderLineRecord.Columns.orderId == id)
                .order(OrderLineRecord.Columns.position).fetchAll(db),
            fees: try OrderFeeRecord.filter(OrderFeeRecord.Columns.orderId == id).order(Column("position")).fetchAll(db),
            coupons: try OrderCouponRecord.filter(OrderCouponRecord.Columns.orderId == id).fetchAll(db),
            taxes: try OrderTaxRecord.filter(OrderTaxRecord.Columns.orderId == id).order(OrderTaxRecord.Columns.rateId)
                .fetchAll(db),
            payments: try PaymentRecord.filter(PaymentRecord.Columns.orderId == id).order(PaymentRecord.Columns.id)
                .fetchAll(db),
            outbox: try OutboxRecord.filter(OutboxRecord.Columns.orderId == id).order(OutboxRecord.Columns.id)
                .fetchAll(db))
    }

    /// Inserts the order and its parts in the caller's transaction, setting their ids.
    public static func insert(_ detail: inout OrderRecordDetail, in db: Database) throws {
        try detail.order.insert(db)
        let orderId = detail.order.id!
        for index in detail.lines.indices { detail.lines[index].orderId = orderId; try detail.lines[index].insert(db) }
        for index in detail.fees.indices { detail.fees[index].orderId = orderId; try detail.fees[index].insert(db) }
        for index in detail.coupons.indices { detail.coupons[index].orderId = orderId; try detail.coupons[index].insert(db) }
        for index in detail.taxes.indices { detail.taxes[index].orderId = orderId; try detail.taxes[index].insert(db) }
        for index in detail.payments.indices {
            detail.payments[index].orderId = orderId
            try detail.payments[index].insert(db)
        }
    }
}

extension ProductCategoryLinkRecord {
    /// The ids of the categories a product belongs to.
    public static func categoryIds(ofProduct productId: Int64, in db: Database) throws -> [Int64] {
        // Every line a scan adds asks this: a cached statement (`fetchAll(db, sql:)` prepares the SQL each time).
        try Int64.fetchAll(db.cachedStatement(sql: "SELECT categoryId FROM productCategoryLink WHERE productId = ?"),
                           arguments: [productId])
    }
}

extension ProductVariationRecord {
    /// The variation with this id, or `nil`.
    public static func find(id: Int64, in db: Database) throws -> ProductVariationRecord? {
        try ProductVariationRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM productVariation WHERE id = ?"),
                                            arguments: [id])
    }
}

extension ProductRecord {
    /// The product with this id, or `nil`.
    public static func find(id: Int64, in db: Database) throws -> ProductRecord? {
        // A cached statement: the query interface would build and prepare the SQL on every call (a scanned
        // variation looks its parent up through here).
        try ProductRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM product WHERE id = ?"), arguments: [id])
    }
}

extension TaxRateRecord {
    /// Every synced tax rate.
    public static func all(in db: Database) throws -> [TaxRateRecord] {
        // The first scan of every sale prices with these: a cached statement instead of the query interface's
        // SQL built and prepared each time.
        try TaxRateRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM \(databaseTableName)"))
    }
}
