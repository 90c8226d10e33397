import GRDB

/// Migration `v10-registers`: the register an order was sold on and its cashier.
///
/// Both are kept as the sale was made, so a receipt printed later still shows the register-prefixed receipt
/// number (`K2-000123`, from `registerId` and `localNumber`) and the cashier of the sale, whatever the settings
/// say by then. Nullable: orders sold before, or on a counter with no register id, have none. Touches only the
/// `order` table (independent of v9's).
enum RegistersMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "order") { t in
            t.add(column: "registerId", .text)
            t.add(column: "cashier", .text)
        }
    }
}
