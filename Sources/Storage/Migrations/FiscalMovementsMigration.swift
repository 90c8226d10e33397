import GRDB

/// Migration `v11-fiscal-movements`: the TSE journal of what happens at the till beside sales (KassenSichV: every
/// Vorgang is recorded by the TSE): refunds now, cash movements and no-sale drawer opens later.
///
/// One row per movement, written BEFORE each call to the TSE like `fiscalTransaction`'s: `starting` → `active` →
/// `finishing` → `signed`, or `failed` in the open outage (never signed afterwards). `reference` names the
/// movement (a refund: its outbox entity id, the refund's UUID), unique per `kind`; `receiptData` (what is signed)
/// is journaled with the row. The JSON columns are Yosemite's fiscal value types, opaque to Storage.
enum FiscalMovementsMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "fiscalMovement") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull()
                .check(sql: "kind IN ('refund', 'float', 'cashIn', 'cashOut', 'drawerOpen')")
            t.column("reference", .text).notNull()
            t.column("orderId", .integer).indexed()
            t.column("shiftId", .integer)
            t.column("tseTransactionId", .text).notNull()
            t.column("mode", .text).notNull()
            t.column("state", .text).notNull().indexed()
                .check(sql: "state IN ('starting', 'active', 'finishing', 'cancelling', 'signed', 'cancelled', 'failed')")
            t.column("transaction", .text)
            t.column("receiptData", .text).notNull()
            t.column("signature", .text)
            t.column("outageId", .integer).references("fiscalOutage", onDelete: .setNull)
            t.column("error", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            t.uniqueKey(["kind", "reference"])
        }
    }
}
