import GRDB

/// Migration `v8-fiscal`: the German TSE (KassenSichV) beside the checkout.
///
/// `fiscalTransaction` is the TSE journal of a sale, written BEFORE each call to the TSE (like the card payment
/// journal): `starting` → `active` (the TSE's transaction) → `finishing` / `cancelling` (the sale completed or was
/// voided; the receipt data to sign is kept) → `signed` / `cancelled` (the TSE's answer, JSON). `failed` means the
/// TSE could not be reached for this sale: it is never signed afterwards, and `outageId` names the outage.
/// `fiscalOutage` records each TSE outage with its start, end and cause. The JSON columns are Yosemite's
/// value types (`FiscalTransaction`, `FiscalReceiptData`, `FiscalSignature`), opaque to Storage.
enum FiscalMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "fiscalOutage") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("startedAt", .datetime).notNull()
            t.column("endedAt", .datetime)
            t.column("cause", .text).notNull()
        }
        try db.create(table: "fiscalTransaction") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("saleId", .integer).notNull().unique().references("sale", onDelete: .restrict)
            t.column("tseTransactionId", .text).notNull()
            t.column("mode", .text).notNull()
            t.column("state", .text).notNull().indexed()
                .check(sql: "state IN ('starting', 'active', 'finishing', 'cancelling', 'signed', 'cancelled', 'failed')")
            t.column("transaction", .text)
            t.column("receiptData", .text)
            t.column("signature", .text)
            t.column("outageId", .integer).references("fiscalOutage", onDelete: .setNull)
            t.column("error", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
    }
}
