import GRDB

/// Migration `v14-closing`: the terminal's end of day at a shift's closing, and manual items.
///
/// - `shift.terminalClosing`: the card terminal's end of day of a shift's closing, beside the drawer's count
///   (Yosemite's `ZReport.TerminalClosing` as JSON, opaque to Storage): what the terminal reported, what the shift
///   expected, or why the end of day did not run.
/// - `orderLine.manualItemCode`: a line sold as a manual item because the catalog lacked its barcode (the scanned
///   code, empty when none was scanned); such lines are for the merchant to review (`pos orders list --review`).
enum ClosingMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "shift") { t in
            t.add(column: "terminalClosing", .text)
        }
        try db.alter(table: "orderLine") { t in
            t.add(column: "manualItemCode", .text)
        }
    }
}
