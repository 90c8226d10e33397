import GRDB

/// Migration `v13-terminal-closing`: the card terminal's end of day of a shift's closing, beside the drawer's
/// count. `terminalClosing` is Yosemite's value (`ZReport.TerminalClosing`) as JSON, opaque to Storage: what the
/// terminal reported, what the shift expected, or why the end of day did not run.
enum TerminalClosingMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "shift") { t in
            t.add(column: "terminalClosing", .text)
        }
    }
}
