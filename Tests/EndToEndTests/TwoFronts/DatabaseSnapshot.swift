import Foundation
import GRDB

/// Every table of a data directory's `pos.sqlite`, row by row, with what differs from one run of the same day to
/// the next masked, so that two data directories that lived the same day compare equal.
///
/// The tables come from `sqlite_master`, the columns from `PRAGMA table_info`, so the comparison follows the schema
/// as it changes. Rows are in insertion order (`rowid`; by content for a table without one). What is masked, and
/// why (kept as short as the records allow; a masked value still says whether it is there: `NULL` stays `NULL`):
///
/// - **Columns**, read from the schema: an `INTEGER PRIMARY KEY` and a declared foreign key → `<id>` (an
///   autoincrement id; the rows' order already says which is which), a `DATETIME` column → `<time>` (the wall
///   clock). By name, ``perRunColumns``: a cashier's PIN salt and hash (random salt), and a sale's `revision` (how many
///   writes rang it up: a scan at a time at the counter, the whole cart at once on the command line; what was
///   recorded is compared in full). SQLite's own `sqlite_*`
///   tables (`sqlite_sequence` counts the ids) are skipped.
/// - **Values**, in every text and blob (a blob is read as ISO Latin-1, byte for byte):
///   - a UUID → `<uuid>`: client UUIDs, card attempt ids, TSE transaction ids are random;
///   - a date-time (`2026-11-29 08:44:56.070`, `2026-11-29T08:44:56Z`, a receipt's `2026-11-29 08:44`) → `<time>`;
///   - the data directory's path → `<data-dir>` (the demo store prints into a file there);
///   - on a receipt (its text and its ESC/POS bytes), the TSE block, from its `TSE` heading to the next rule →
///     `<TSE block>`: it prints the signature, the TSE's serial and public key and the times (the same values are
///     compared, masked as below, in the fiscal tables).
/// - **JSON** (a text that parses as an object or array) is compared as data, not as text: keys sorted (Swift
///   writes a dictionary's keys in a per-process hash order), and a dictionary written as an array of key, value,
///   key, value (an enum-keyed dictionary, e.g. the TSE's amounts per VAT rate) sorted by key. Inside it, a value
///   under a key ending in `time`/`Time` or named `timestamp` (the TSE's epoch milliseconds, the terminal's clock)
///   → `<time>`; under `signature`, `publicKey`, `tseSerial` or `qrCodeData` → `<per-run>`: an ECDSA signature is
///   random, and the simulated TSE's key pair (hence its serial and public key) is made per data directory.
struct DatabaseSnapshot: Equatable {
    struct Table: Equatable {
        var columns: [String]
        var rows: [[String]]
    }

    var tables: [String: Table]

    /// Columns masked by name: `table.column`.
    static let perRunColumns: Set<String> = ["cashier.pinSalt", "cashier.pinHash", "order.revision"]

    /// Reads the database of `dataDirectory` (read-only).
    init(dataDirectory: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let path = dataDirectory.appendingPathComponent("pos.sqlite").path
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let normalizer = Normalizer(dataDirectory: dataDirectory.path)
        tables = try queue.read { db in
            var tables: [String: Table] = [:]
            let names = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY name
                """)
            for name in names {
                let quoted = name.quotedDatabaseIdentifier
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(quoted))")
                let foreignKeys = Set(try String.fetchAll(db, sql: "SELECT \"from\" FROM pragma_foreign_key_list(?)",
                                                          arguments: [name]))
                let columnNames = columns.map { $0["name"] as String }
                let masks: [String?] = columns.map { column in
                    let columnName: String = column["name"], type = (column["type"] as String).uppercased()
                    let isRowID = (column["pk"] as Int) > 0 && type == "INTEGER"
                    if isRowID || foreignKeys.contains(columnName) { return "<id>" }
                    if type == "DATETIME" { return "<time>" }
                    if Self.perRunColumns.contains("\(name).\(columnName)") { return "<per-run>" }
                    return nil
                }
                let selection = columnNames.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                // Insertion order where the table has one (its rowid); else (a WITHOUT ROWID table) by content.
                let rowIDQuery = "SELECT COUNT(*) > 0 FROM pragma_table_list WHERE name = ? AND wr = 0"
                let hasRowID = try Bool.fetchOne(db, sql: rowIDQuery, arguments: [name]) ?? true
                let order = hasRowID ? "rowid" : selection
                let rows = try Row.fetchAll(db, sql: "SELECT \(selection) FROM \(quoted) ORDER BY \(order)")
                tables[name] = Table(columns: columnNames, rows: rows.map { row in
                    zip(row.databaseValues, masks).map { value, mask in
                        value.isNull ? "NULL" : mask ?? normalizer.render(value)
                    }
                })
            }
            return tables
        }
    }

    /// The values of `column` of `table`, row by row, as compared (`nil` when there is no such column).
    func values(of column: String, in table: String) -> [String]? {
        guard let content = tables[table], let index = content.columns.firstIndex(of: column) else { return nil }
        return content.rows.map { $0[index] }
    }

    /// This snapshot without `column` of `table`, and that column's values (`nil` when there is no such column).
    func removing(column: String, of table: String) -> (snapshot: DatabaseSnapshot, values: [String]?) {
        guard var content = tables[table], let index = content.columns.firstIndex(of: column) else {
            return (self, nil)
        }
        let values = values(of: column, in: table)
        content.columns.remove(at: index)
        for row in content.rows.indices { content.rows[row].remove(at: index) }
        var copy = self
        copy.tables[table] = content
        return (copy, values)
    }

    /// The tables whose rows differ, each with a readable account of how (at most `limit` rows each).
    static func differences(_ left: DatabaseSnapshot, _ right: DatabaseSnapshot, leftName: String, rightName: String,
                            limit: Int = 8) -> [String: String] {
        var differences: [String: String] = [:]
        for name in Set(left.tables.keys).union(right.tables.keys).sorted() {
            let a = left.tables[name], b = right.tables[name]
            guard a != b else { continue }
            guard let a, let b else {
                differences[name] = "table \(name) only in \(a == nil ? rightName : leftName)"
                continue
            }
            guard a.columns == b.columns else {
                differences[name] = "table \(name): columns \(a.columns) in \(leftName), \(b.columns) in \(rightName)"
                continue
            }
            var lines = ["table \(name): \(a.rows.count) rows in \(leftName), \(b.rows.count) in \(rightName)"]
            var shown = 0
            for index in 0..<max(a.rows.count, b.rows.count) where shown < limit {
                let x = index < a.rows.count ? a.rows[index] : nil, y = index < b.rows.count ? b.rows[index] : nil
                guard x != y else { continue }
                shown += 1
                guard let x, let y else {
                    let (side, row) = x == nil ? (rightName, y!) : (leftName, x!)
                    let values = zip(a.columns, row).map { "\($0)=\($1)" }.joined(separator: " | ")
                    lines.append("  row \(index + 1) only in \(side): " + values)
                    continue
                }
                lines.append("  row \(index + 1):")
                for (column, (p, q)) in zip(a.columns, zip(x, y)) where p != q {
                    lines.append("    \(column)\n      \(leftName): \(p)\n      \(rightName): \(q)")
                }
            }
            differences[name] = lines.joined(separator: "\n")
        }
        return differences
    }
}

/// Renders one stored value with the per-run parts masked (``DatabaseSnapshot``).
private struct Normalizer {
    let dataDirectory: String

    private static let uuid = try! NSRegularExpression(
        pattern: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
    private static let time = try! NSRegularExpression(
        pattern: "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z?")
    private static let tseBlock = try! NSRegularExpression(pattern: "TSE\\n.*?(?=-{10})",
                                                           options: [.dotMatchesLineSeparators])
    private static let perRunKeys: Set<String> = ["signature", "publicKey", "tseSerial", "qrCodeData"]

    func render(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let string): renderText(string)
        case .blob(let data): "blob:" + masked(String(decoding: data.map { UInt16($0) }, as: UTF16.self))
        }
    }

    private func renderText(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.first == "{" || trimmed.first == "[",
           let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed]),
           let data = try? JSONSerialization.data(withJSONObject: canonical(object),
                                                  options: [.sortedKeys, .withoutEscapingSlashes]) {
            return "json:" + String(decoding: data, as: UTF8.self)
        }
        return masked(text)
    }

    private func masked(_ text: String) -> String {
        var text = text.replacingOccurrences(of: dataDirectory, with: "<data-dir>")
        text = Self.replace(Self.tseBlock, in: text, with: "TSE\n<TSE block>\n")
        text = Self.replace(Self.uuid, in: text, with: "<uuid>")
        return Self.replace(Self.time, in: text, with: "<time>")
    }

    private func canonical(_ value: Any, key: String? = nil) -> Any {
        if let key {
            if key.lowercased().hasSuffix("time") || key == "timestamp" { return "<time>" }
            if Self.perRunKeys.contains(key) { return "<per-run>" }
        }
        switch value {
        case let object as [String: Any]:
            return Dictionary(uniqueKeysWithValues: object.map { ($0.key, canonical($0.value, key: $0.key)) })
        case let array as [Any]:
            // A dictionary with non-string keys is written as [key, value, key, value, …]: sort it by key.
            let keys = stride(from: 0, to: array.count, by: 2).map { array[$0] as? String }
            let values = stride(from: 1, to: array.count, by: 2).map { array[$0] }
            let isDictionary = array.count >= 2 && array.count % 2 == 0 && keys.allSatisfy { $0 != nil }
                && values.allSatisfy { !($0 is String) }
            if isDictionary {
                return zip(keys.map { $0! }, values).sorted { $0.0 < $1.0 }.flatMap { [$0.0, canonical($0.1)] as [Any] }
            }
            return array.map { canonical($0) }
        case let string as String:
            return masked(string)
        default:
            return value
        }
    }

    private static func replace(_ expression: NSRegularExpression, in text: String, with template: String) -> String {
        expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                            withTemplate: NSRegularExpression.escapedTemplate(for: template))
    }
}
