import Foundation
import POSFoundation
import GRDB
import GRDBSQLite
import Synchronization

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

/// A record that binds its column values itself, in a fixed column order, for ``BatchUpsert/bulkUpsert(_:conflictColumns:in:)``:
/// no `Codable` container, dictionary, `DatabaseValue` or argument array per row, which was most of the cost of
/// writing a catalog page.
protocol BulkUpsertable: TableRecord {
    /// The columns written, in the order of ``bindBulkValues(to:)``.
    static var bulkColumns: [String] { get }
    /// Binds the values of ``bulkColumns`` in their order (stored as `Codable` would store them).
    func bindBulkValues(to binder: inout BulkBinder)
}

/// The bulk upsert's SQL by table and conflict columns (see ``BatchUpsert/bulkUpsert(_:conflictColumns:in:)``).
private let bulkSQL = Mutex<[String: String]>([:])

extension BatchUpsert {
    /// Insert-or-update of many records with one cached statement, each row's values bound straight to SQLite.
    ///
    /// - Throws: when a listed column is not in the table (a record and its migration disagree): SQLite refuses to
    ///   prepare the statement.
    static func bulkUpsert<Record: BulkUpsertable>(
        _ records: some Sequence<Record>, conflictColumns: [String], in db: Database
    ) throws {
        let table = Record.databaseTableName
        let columns = Record.bulkColumns
        // The SQL is made once a table: a full pull upserts the variations of each variable product on their own,
        // and building this text (quoting, joining) each time cost the writer on every call.
        let key = table + "\u{0}" + conflictColumns.joined(separator: ",")
        let sql = bulkSQL.locked { cache in
            if let sql = cache[key] { return sql }
            let updated = columns.filter { !conflictColumns.contains($0) }
            let quoted = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let conflict = conflictColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let action = updated.isEmpty ? "NOTHING" : "UPDATE SET " + updated
                .map { "\($0.quotedDatabaseIdentifier) = excluded.\($0.quotedDatabaseIdentifier)" }
                .joined(separator: ", ")
            let sql = "INSERT INTO \(table.quotedDatabaseIdentifier) (\(quoted)) VALUES (\(placeholders)) " +
                "ON CONFLICT(\(conflict)) DO \(action)"
            cache[key] = sql
            return sql
        }
        let statement = try db.cachedStatement(sql: sql)
        var binder = BulkBinder(preparing: statement)
        defer { binder.finish() }
        for record in records {
            binder.start()
            record.bindBulkValues(to: &binder)
            guard binder.count == columns.count else {
                throw DatabaseError(message: "\(table): \(binder.count) values bound for \(columns.count) columns")
            }
            try statement.execute()
        }
    }
}

/// Binds one row's values, in column order, to a prepared SQLite statement, as GRDB would store them: text,
/// integers (booleans as 0 and 1), NULL for nil, dates as UTC text `yyyy-MM-dd HH:mm:ss.SSS`.
struct BulkBinder {
    private let statement: SQLiteStatement
    private var index: CInt = 0
    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// How many values the current row has bound.
    var count: Int { Int(index) }

    /// Binds to `statement`, which GRDB still runs (`execute()`: transaction observers, errors): GRDB is told its
    /// arguments are set, so it binds none of its own. Call ``finish()`` when done.
    init(preparing statement: Statement) {
        statement.setUncheckedArguments(StatementArguments())
        self.statement = statement.sqliteStatement
    }

    /// Clears the last row's values from the statement (it stays cached).
    func finish() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Resets the statement for the next row (bindings are kept until overwritten).
    mutating func start() {
        sqlite3_reset(statement)
        index = 0
    }

    mutating func bind(_ value: Int64) {
        index += 1
        sqlite3_bind_int64(statement, index, value)
    }

    mutating func bind(_ value: Int64?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ value: Int) { bind(Int64(value)) }

    mutating func bind(_ value: Bool) { bind(value ? Int64(1) : 0) }

    mutating func bind(_ value: String) {
        index += 1
        var text = value
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)  // an empty text, not NULL
                return
            }
            _ = UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
                sqlite3_bind_text(statement, index, pointer, CInt(bytes.count), Self.transient)
            }
        }
    }

    mutating func bind(_ value: String?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ value: Date?) {
        guard let value else { return bindNull() }
        bind(DatabaseDateText.text(for: value))
    }

    mutating func bindNull() {
        index += 1
        sqlite3_bind_null(statement, index)
    }
}

/// A date as GRDB stores it (`Date.databaseValue`: `yyyy-MM-dd HH:mm:ss.SSS` in UTC), without `DateFormatter`
/// for whole seconds since 1970 (what WooCommerce sends): ICU's formatter was a sixth of the catalog writer's time.
enum DatabaseDateText {
    static func text(for date: Date) -> String {
        let interval = date.timeIntervalSince1970
        // Up to 9999-12-31 23:59:59; anything else (fractions, older dates) goes through GRDB's own formatter.
        guard interval >= 0, interval < 253_402_300_800, interval == interval.rounded(.down) else {
            return String.fromDatabaseValue(date.databaseValue) ?? ""
        }
        let seconds = Int64(interval)
        let days = seconds / 86_400
        let time = seconds % 86_400
        let civil = CivilDate.date(ofDay: Int(days))
        let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
        return String(unsafeUninitializedCapacity: 23) { buffer in
            func put(_ value: Int64, _ digits: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: " ")
            put(time / 3600, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(time / 60 % 60, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(time % 60, 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(0, 3, at: 20)
            return 23
        }
    }
}
