import GRDB

/// Migration `v6-shifts`: cashier shifts (opened with a counted float, closed with a count and a stored Z report)
/// and the cash put in or taken out of the drawer during a shift, with a reason.
enum ShiftsMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "shift") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("cashier", .text).notNull().defaults(to: "")
            t.column("currencyCode", .text).notNull()
            t.column("currencyExponent", .integer).notNull()
            t.column("openingFloat", .integer).notNull()
            t.column("openedAt", .datetime).notNull()
            t.column("closedAt", .datetime)
            t.column("countedCash", .integer)
            t.column("expectedCash", .integer)
            t.column("reportText", .text)
        }
        try db.create(index: "shift_on_closedAt", on: "shift", columns: ["closedAt"])
        try db.create(table: "cashMovement") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("shiftId", .integer).notNull().indexed().references("shift", onDelete: .cascade)
            t.column("kind", .text).notNull()
            t.column("amount", .integer).notNull()
            t.column("reason", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
    }
}
