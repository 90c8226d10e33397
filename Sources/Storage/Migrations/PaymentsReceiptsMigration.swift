import GRDB

/// Migration `v3-payments-receipts`. Released: never edit; add a new migration instead.
///
/// The payment journal is written before a request leaves for the terminal, so an unknown outcome can be
/// resolved with the terminal instead of charging twice. Its result JSON never holds a card number beyond the
/// last four digits, nor an expiry date (``PaymentJournalRecord`` refuses such keys).
enum PaymentsReceiptsMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "paymentJournal") { t in
            t.primaryKey("attemptId", .text)
            t.belongsTo("order")
            t.column("readerId", .text).notNull()
            t.column("kind", .text).notNull().defaults(to: "sale")
            t.column("amount", .integer).notNull()
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("state", .text).notNull()
                .check(sql: "state IN ('started', 'requestSent', 'approved', 'declined', 'unknown', 'resolved')")
            t.column("result", .text)
            t.column("startedAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.column("resolvedAt", .datetime)
        }
        try db.create(index: "paymentJournal_on_state", on: "paymentJournal", columns: ["state"])

        try db.create(table: "receipt") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("order")
            t.column("kind", .text).notNull()
                .check(sql: "kind IN ('sale', 'refund', 'reversal', 'cardSlip', 'endOfDay')")
            t.column("width", .integer).notNull().check(sql: "width > 0")
            t.column("renderedText", .text).notNull()
            t.column("escposBytes", .blob)
            t.column("printer", .text)
            t.column("printState", .text).notNull()
                .check(sql: "printState IN ('pending', 'printing', 'printed', 'failed')")
            t.column("lastPrintError", .text)
            t.column("reprintCount", .integer).notNull().defaults(to: 0)
            t.column("createdAt", .datetime).notNull()
            t.column("printedAt", .datetime)
        }
    }
}
