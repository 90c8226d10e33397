import GRDB

/// Migration `v13-cashiers`: the counter's cashiers with their PINs, who is signed in on this
/// register (each sign-in and switch, kept as a log), and every manager approval.
///
/// - `cashier`: a name, a role (`cashier` or `manager`), the PIN as a random salt and the output of a slow
///   key-derivation function with its parameters (never the PIN), the failed-attempt counter and the lock.
/// - `cashierSignIn`: one row per sign-in or switch, with the shift it happened in; the open row (no
///   `signedOutAt`) is the cashier signed in now. Names are copied, so removing a cashier keeps the history.
/// - `approval`: who approved what (refund, void after payment, discount, price override, no sale, cashier
///   administration), for which cashier, order or sale, amount, and when, in its shift.
enum CashiersMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "cashier") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("role", .text).notNull().check { ["cashier", "manager"].contains($0) }
            t.column("pinSalt", .blob).notNull()
            t.column("pinHash", .blob).notNull()
            t.column("kdf", .text).notNull()
            t.column("kdfCost", .integer).notNull()
            t.column("kdfBlockSize", .integer).notNull()
            t.column("kdfParallelism", .integer).notNull()
            t.column("failedAttempts", .integer).notNull().defaults(to: 0)
            t.column("lockedAt", .datetime)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "cashierSignIn") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("cashierName", .text).notNull()
            t.column("role", .text).notNull()
            t.column("shiftId", .integer).indexed()
            t.column("signedInAt", .datetime).notNull().indexed()
            t.column("signedOutAt", .datetime)
        }
        try db.create(table: "approval") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull()
            t.column("managerName", .text).notNull()
            t.column("cashierName", .text).notNull().defaults(to: "")
            t.column("shiftId", .integer).indexed()
            t.column("reference", .text).notNull().defaults(to: "")
            t.column("amount", .integer)
            t.column("currencyCode", .text)
            t.column("detail", .text).notNull().defaults(to: "")
            t.column("approvedAt", .datetime).notNull().indexed()
        }
    }
}
