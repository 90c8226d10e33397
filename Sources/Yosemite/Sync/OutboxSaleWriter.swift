import Foundation
import Networking
import POSFoundation
import Storage

/// Writes a sale the way the selling side does (order, lines, payment and the two outbox entries in one
/// transaction), for the sync engine's tests and the crash script; real sales come from the order store.
///
/// The `createOrder` payload is the body of `POST wc/v3/orders` with `_pos_client_uuid`, `_pos_sale_time` and
/// `_pos_local_number` in `meta_data` and each line's `subtotal`/`total`; the `markPaid` payload is the body of
/// `PUT wc/v3/orders/{id}`, the id filled in by the sender from the order's remote id.
public struct OutboxSaleWriter: Sendable {
    /// One product line: the product, quantity, and the line's net total and tax in minor units.
    public struct Line: Sendable, Hashable {
        public var productId: Int64
        public var quantity: Int
        public var net: Int64
        public var tax: Int64

        public init(productId: Int64, quantity: Int = 1, net: Int64, tax: Int64 = 0) {
            self.productId = productId
            self.quantity = quantity
            self.net = net
            self.tax = tax
        }
    }

    let database: AppDatabase
    let uuid: UUIDGenerator
    let currency: Currency

    public init(database: AppDatabase, uuid: UUIDGenerator, currency: Currency) {
        self.database = database
        self.uuid = uuid
        self.currency = currency
    }

    /// Records a cash sale and queues it; returns the local order.
    @discardableResult
    public func recordCashSale(_ lines: [Line], saleTime: Date) async throws -> OrderRecord {
        try await recordCashSales(lines, count: 1, saleTime: saleTime)[0]
    }

    /// Records `count` identical cash sales in one transaction (each with its own client UUID and number).
    @discardableResult
    public func recordCashSales(_ lines: [Line], count: Int, saleTime: Date) async throws -> [OrderRecord] {
        let clientUUIDs = (0..<count).map { _ in uuid.client() }
        let currency = currency
        return try await database.performAndSave { db in
            var orders: [OrderRecord] = []
            for clientUUID in clientUUIDs {
                let number = try OrderRecord.allocateLocalNumber(in: db)
                let net = lines.reduce(0) { $0 + $1.net }
                let tax = lines.reduce(0) { $0 + $1.tax }
                var order = OrderRecord(
                    clientUUID: clientUUID, localNumber: number, currency: currency, pricesIncludeTax: false,
                    subtotal: net, totalTax: tax, total: net + tax, createdAt: saleTime)
                try order.insert(db)
                let orderId = order.id ?? 0
                for (position, line) in lines.enumerated() {
                    var record = OrderLineRecord(
                        orderId: orderId, position: position, productId: line.productId, name: "Product \(line.productId)",
                        quantity: line.quantity, unitPrice: line.net / Int64(max(1, line.quantity)), subtotal: line.net,
                        subtotalTax: line.tax, total: line.net, totalTax: line.tax)
                    try record.insert(db)
                }
                var payment = PaymentRecord(
                    orderId: orderId, method: .cash, amount: Money(minorUnits: net + tax, currency: currency), createdAt: saleTime)
                try payment.insert(db)
                try OutboxRecord.enqueue(.createOrder, orderId: orderId, payload: Self.createBody(order, lines), in: db)
                try OutboxRecord.enqueue(.markPaid, orderId: orderId, payload: Self.paidBody(order), in: db)
                orders.append(order)
            }
            return orders
        }
    }

    static func createBody(_ order: OrderRecord, _ lines: [Line]) -> String {
        let body: JSONValue = .object([
            "status": "pending",
            "currency": .string(order.currencyCode),
            "line_items": .array(lines.map { line -> JSONValue in
                let amount = Money(minorUnits: line.net, currency: order.currency).decimalString
                return ["product_id": .int(line.productId), "quantity": .int(Int64(line.quantity)),
                        "subtotal": .string(amount), "total": .string(amount)]
            }),
            "meta_data": [
                ["key": .string(Order.clientUUIDMetaKey), "value": .string(order.clientUUID.description)],
                ["key": "_pos_sale_time", "value": .string(ISO8601DateFormatter().string(from: order.createdAt))],
                ["key": "_pos_local_number", "value": .string(String(order.localNumber))],
            ],
        ])
        return String(decoding: body.encoded(), as: UTF8.self)
    }

    static func paidBody(_ order: OrderRecord) -> String {
        let body: JSONValue = [
            "set_paid": true, "payment_method": "cod", "payment_method_title": "Cash",
            "transaction_id": .string("cash-\(order.clientUUID)"),
        ]
        return String(decoding: body.encoded(), as: UTF8.self)
    }
}
