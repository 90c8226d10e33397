import GRDB

/// Migration `v7-checkout`: the sale as one persisted transaction, from the first scan to the order.
///
/// `sale` holds the checkout: its state (open, parked, completed, voided), the cart as Yosemite encodes it (JSON,
/// opaque to Storage), the total last priced, a parked name, the shift it belongs to and, once completed, its
/// order. `saleTender` holds every tender taken for it before the order exists; a card tender names its journal
/// row. `paymentJournal.saleId` ties a card attempt to its sale. The earlier `orderAwaitingPayment` table stays
/// (released); nothing writes it any more.
enum CheckoutMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "sale") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("clientUUID", .text).notNull().unique()
            t.column("state", .text).notNull().indexed()
                .check(sql: "state IN ('open', 'parked', 'completed', 'voided')")
            t.column("cart", .text).notNull()
            t.column("itemCount", .integer).notNull().defaults(to: 0)
            t.column("total", .integer).notNull().defaults(to: 0)
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("name", .text)
            t.column("shiftId", .integer).references("shift", onDelete: .setNull)
            t.column("orderId", .integer).references("order", onDelete: .setNull)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(table: "saleTender") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("saleId", .integer).notNull().indexed().references("sale", onDelete: .restrict)
            t.column("method", .text).notNull().check(sql: "method IN ('cash', 'card', 'other')")
            t.column("amount", .integer).notNull().check(sql: "amount > 0")
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("tendered", .integer)
            t.column("change", .integer)
            t.column("transactionId", .text)
            t.column("cardBrand", .text)
            t.column("cardLast4", .text)
                .check(sql: "cardLast4 IS NULL OR (length(cardLast4) = 4 AND cardLast4 NOT GLOB '*[^0-9]*')")
            t.column("terminalReceiptNumber", .text)
            t.column("terminalTraceNumber", .text)
            t.column("journalAttemptId", .text).unique()
            t.column("createdAt", .datetime).notNull()
        }
        try db.alter(table: "paymentJournal") { t in
            t.add(column: "saleId", .integer).references("sale", onDelete: .restrict)
        }
        try db.create(index: "paymentJournal_on_saleId", on: "paymentJournal", columns: ["saleId"])
    }
}
