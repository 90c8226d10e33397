import GRDB

/// Deletes the rows a full sync did not see, without hitting SQLite's limit on bound parameters.
///
/// The ids to keep go into a temporary table, so 100,000 ids cost one indexed anti-join, not a giant `IN`.
enum Reconciliation {
    /// Deletes rows of `table` whose `idColumn` is not in `keep`, optionally only among rows matching `scope`.
    ///
    /// - Returns: How many rows were deleted.
    static func deleteRows(
        of table: String,
        idColumn: String = "id",
        notIn keep: some Sequence<Int64>,
        scope: SQL? = nil,
        in db: Database
    ) throws -> Int {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS reconciliationKeep (id INTEGER PRIMARY KEY)")
        defer { try? db.execute(sql: "DELETE FROM temp.reconciliationKeep") }
        try db.execute(sql: "DELETE FROM temp.reconciliationKeep")
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO temp.reconciliationKeep (id) VALUES (?)")
        for id in keep {
            try insert.execute(arguments: [id])
        }
        let id = SQL(sql: idColumn.quotedDatabaseIdentifier)
        var condition: SQL = "\(id) NOT IN (SELECT id FROM temp.reconciliationKeep)"
        if let scope { condition = "(\(scope)) AND \(condition)" }
        try db.execute(literal: "DELETE FROM \(SQL(sql: table.quotedDatabaseIdentifier)) WHERE \(condition)")
        return db.changesCount
    }
}
