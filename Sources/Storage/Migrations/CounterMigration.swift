import GRDB

/// `v9-counter`: what a cashier needs at the counter besides the sale.
///
/// - `customerSearch`: FTS5 over the customers' first and last names, e-mail, phone and username, kept in sync
///   with `customer` by triggers (the products' `productSearch` pattern), so the counter finds a customer offline
///   as the cashier types. Existing customers are indexed when the table is created.
/// - `drawerOpening`: each "no sale" drawer open, in its shift, with the cashier, the reason and the printer it
///   went to. `approvedBy` names the approving manager, empty where no approval was needed.
enum CounterMigration {
    static func migrate(_ db: Database) throws {
        try db.create(virtualTable: "customerSearch", using: FTS5()) { t in
            t.synchronize(withTable: "customer")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("firstName")
            t.column("lastName")
            t.column("email")
            t.column("phone")
            t.column("username")
        }
        try db.create(table: "drawerOpening") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("shiftId", .integer).notNull().indexed().references("shift", onDelete: .cascade)
            t.column("cashier", .text).notNull().defaults(to: "")
            t.column("reason", .text).notNull().defaults(to: "")
            t.column("printer", .text).notNull().defaults(to: "")
            t.column("approvedBy", .text)
            t.column("openedAt", .datetime).notNull()
        }
    }
}
