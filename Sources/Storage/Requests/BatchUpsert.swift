import GRDB

/// Fast insert-or-update of many records of one table: one cached statement, positional arguments.
///
/// `INSERT … ON CONFLICT(key) DO UPDATE` keeps the row (unlike `INSERT OR REPLACE`, which deletes it and so
/// would cascade to variations and category links). Run it inside ``AppDatabase/performAndSave(_:)`` so a page
/// is one transaction.
enum BatchUpsert {
    static func upsert<Record: EncodableRecord & TableRecord>(
        _ records: some Sequence<Record>,
        conflictColumns: [String],
        in db: Database
    ) throws {
        var iterator = records.makeIterator()
        guard let first = iterator.next() else { return }
        let table = Record.databaseTableName
        // The table's columns that the record writes (GRDB encodes `nil` as NULL, so every property is there).
        // Columns a later migration adds and the record does not know keep their defaults.
        let encoded = try first.databaseDictionary
        let columns = try db.columns(in: table).map(\.name).filter { encoded.keys.contains($0) }
        let updated = columns.filter { !conflictColumns.contains($0) }
        let quotedColumns = columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let assignments = updated
            .map { "\($0.quotedDatabaseIdentifier) = excluded.\($0.quotedDatabaseIdentifier)" }
            .joined(separator: ", ")
        let conflict = conflictColumns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        let action = updated.isEmpty ? "NOTHING" : "UPDATE SET \(assignments)"
        let statement = try db.cachedStatement(sql: """
            INSERT INTO \(table.quotedDatabaseIdentifier) (\(quotedColumns)) VALUES (\(placeholders)) \
            ON CONFLICT(\(conflict)) DO \(action)
            """)
        func execute(_ values: [String: DatabaseValue]) throws {
            try statement.execute(arguments: StatementArguments(columns.map { values[$0] ?? .null }))
        }
        try execute(encoded)
        while let record = iterator.next() {
            try execute(try record.databaseDictionary)
        }
    }
}

/// A record that lists its column values itself, in a fixed column order, for ``BatchUpsert/bulkUpsert(_:conflictColumns:in:)``:
/// no `Codable` container or dictionary per row, which is most of the cost of writing a catalog page.
protocol BulkUpsertable: TableRecord {
    /// The columns written, in the order of ``appendBulkValues(to:)``.
    static var bulkColumns: [String] { get }
    /// Appends the values of ``bulkColumns`` in their order (stored as `Codable` would store them).
    func appendBulkValues(to values: inout [(any DatabaseValueConvertible)?])
}

extension BatchUpsert {
    /// Insert-or-update of many records with one cached statement and values bound without validation.
    ///
    /// - Throws: when a listed column is not in the table (a record and its migration disagree).
    static func bulkUpsert<Record: BulkUpsertable>(
        _ records: some Sequence<Record>, conflictColumns: [String], in db: Database
    ) throws {
        let table = Record.databaseTableName
        let columns = Record.bulkColumns
        let known = Set(try db.columns(in: table).map(\.name))
        if let unknown = columns.first(where: { !known.contains($0) }) {
            throw DatabaseError(message: "\(table) has no column \(unknown)")
        }
        let updated = columns.filter { !conflictColumns.contains($0) }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO \(table.quotedDatabaseIdentifier) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) \
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", "))) \
            ON CONFLICT(\(conflictColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) DO \
            \(updated.isEmpty ? "NOTHING" : "UPDATE SET " + updated.map { "\($0.quotedDatabaseIdentifier) = excluded.\($0.quotedDatabaseIdentifier)" }.joined(separator: ", "))
            """)
        var values: [(any DatabaseValueConvertible)?] = []
        values.reserveCapacity(columns.count)
        for record in records {
            values.removeAll(keepingCapacity: true)
            record.appendBulkValues(to: &values)
            statement.setUncheckedArguments(StatementArguments(values))
            try statement.execute()
        }
    }
}
