import GRDB

/// Migration `v2-orders-outbox`. Released: never edit; add a new migration instead.
///
/// Amounts are INTEGER minor units. An order carries its currency code and exponent, which its lines, fees,
/// coupon lines and tax lines share; a payment carries its own. Payments and outbox entries refer to their
/// order without cascading deletes, so nothing unsynced disappears with an order by accident.
enum OrdersOutboxMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "order") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("clientUUID", .text).notNull().unique()
            t.column("localNumber", .integer).notNull().unique()
            t.column("status", .text).notNull()
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("pricesIncludeTax", .boolean).notNull()
            t.column("subtotal", .integer).notNull().defaults(to: 0)
            t.column("discountTotal", .integer).notNull().defaults(to: 0)
            t.column("discountTax", .integer).notNull().defaults(to: 0)
            t.column("feeTotal", .integer).notNull().defaults(to: 0)
            t.column("totalTax", .integer).notNull().defaults(to: 0)
            t.column("total", .integer).notNull().defaults(to: 0)
            t.column("customerId", .integer)
            t.column("customerNote", .text).notNull().defaults(to: "")
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.column("remoteId", .integer).unique()
            t.column("remoteNumber", .text)
            t.column("syncState", .text).notNull()
                .check(sql: "syncState IN ('local', 'pending', 'synced', 'parked')")
            t.column("serverTotal", .integer)
        }
        try db.create(index: "order_on_createdAt", on: "order", columns: ["createdAt"])

        try db.create(table: "orderLine") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order", onDelete: .cascade).notNull()
            t.column("position", .integer).notNull()
            t.column("productId", .integer)
            t.column("variationId", .integer)
            t.column("name", .text).notNull()
            t.column("sku", .text).notNull().defaults(to: "")
            t.column("quantity", .integer).notNull().check(sql: "quantity > 0")
            t.column("unitPrice", .integer).notNull()
            t.column("subtotal", .integer).notNull()
            t.column("subtotalTax", .integer).notNull()
            t.column("total", .integer).notNull()
            t.column("totalTax", .integer).notNull()
            t.column("taxClass", .text).notNull().defaults(to: "")
            t.column("taxes", .text).notNull().defaults(to: "[]")
            t.column("remoteId", .integer)
        }
        try db.create(table: "orderFee") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order", onDelete: .cascade).notNull()
            t.column("position", .integer).notNull()
            t.column("name", .text).notNull()
            t.column("taxClass", .text).notNull().defaults(to: "")
            t.column("taxStatus", .text).notNull().defaults(to: "taxable")
            t.column("total", .integer).notNull()
            t.column("totalTax", .integer).notNull()
            t.column("remoteId", .integer)
        }
        try db.create(table: "orderCoupon") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order", onDelete: .cascade).notNull()
            t.column("code", .text).notNull()
            t.column("discount", .integer).notNull()
            t.column("discountTax", .integer).notNull()
            t.column("remoteId", .integer)
        }
        try db.create(table: "orderTax") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order", onDelete: .cascade).notNull()
            t.column("rateId", .integer).notNull()
            t.column("rateCode", .text).notNull().defaults(to: "")
            t.column("label", .text).notNull().defaults(to: "")
            t.column("ratePercent", .text).notNull()
            t.column("compound", .boolean).notNull().defaults(to: false)
            t.column("taxTotal", .integer).notNull()
            t.column("shippingTaxTotal", .integer).notNull().defaults(to: 0)
            t.column("remoteId", .integer)
        }
        try createPayments(db)
        try createOutbox(db)
    }

    private static func createPayments(_ db: Database) throws {
        try db.create(table: "payment") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order").notNull()
            t.column("method", .text).notNull()
            t.column("amount", .integer).notNull()
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("tendered", .integer)
            t.column("change", .integer)
            t.column("transactionId", .text)
            t.column("cardBrand", .text)
            // Only the last four digits of a card number may ever be stored.
            t.column("cardLast4", .text)
                .check(sql: "cardLast4 IS NULL OR (length(cardLast4) = 4 AND cardLast4 NOT GLOB '*[^0-9]*')")
            t.column("terminalReceiptNumber", .text)
            t.column("terminalTraceNumber", .text)
            t.column("journalAttemptId", .text)
            t.column("createdAt", .datetime).notNull()
        }
    }

    private static func createOutbox(_ db: Database) throws {
        try db.create(table: "outbox") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order")
            t.column("entityType", .text).notNull().defaults(to: "order")
            t.column("entityId", .text)
            t.column("kind", .text).notNull()
            t.column("payload", .text).notNull().defaults(to: "{}")
            t.column("state", .text).notNull()
                .check(sql: "state IN ('pending', 'inFlight', 'done', 'parked')")
            t.column("attemptCount", .integer).notNull().defaults(to: 0)
            t.column("nextAttemptAt", .datetime)
            t.column("lastError", .text)
            t.column("parkedReason", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "outbox_on_state_nextAttemptAt", on: "outbox", columns: ["state", "nextAttemptAt"])
    }
}
