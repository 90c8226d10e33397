import Foundation
import GRDB

extension CustomerRecord {
    /// Customers a cashier's text finds, best first: by customer number (`42`, `#42`), by name, e-mail or username
    /// (every word a prefix of a word, as product search: "eri must" finds Erika Mustermann, "erika@ex" her
    /// e-mail), and by phone (the digits typed, without leading zeros, anywhere in the phone's digits, so "030
    /// 1234567" finds "+49 30 1234567").
    ///
    /// - Returns: At most `limit` customers; empty when `text` has no letters or digits.
    public static func search(_ text: String, limit: Int, in db: Database) throws -> [CustomerRecord] {
        guard limit > 0 else { return [] }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var found: [CustomerRecord] = []
        var seen: Set<Int64> = []
        func add(_ customers: [CustomerRecord]) {
            for customer in customers where found.count < limit && seen.insert(customer.id).inserted {
                found.append(customer)
            }
        }
        // A customer number.
        let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(number) {
            add(try CustomerRecord.fetchAll(db, keys: [id]))
        }
        // A phone number: digits and the usual separators only, at least 4 digits.
        let digits = trimmed.filter { $0.isASCII && $0.isNumber }
        let phoneLike = trimmed.allSatisfy { ($0.isASCII && $0.isNumber) || " +-/().".contains($0) }
        let significant = String(digits.drop { $0 == "0" })
        if phoneLike, digits.count >= 4, !significant.isEmpty {
            add(try CustomerRecord.fetchAll(db, sql: """
                SELECT * FROM customer
                WHERE replace(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '/', ''),
                      '(', ''), ')', ''), '+', ''), '.', '') LIKE '%' || ? || '%'
                ORDER BY lastName, firstName, id LIMIT ?
                """, arguments: [significant, limit]))
        }
        // Names, e-mail, username.
        if found.count < limit, let pattern = ProductRecord.searchPattern(for: trimmed) {
            add(try CustomerRecord.fetchAll(db, sql: """
                SELECT customer.* FROM customer
                JOIN (SELECT rowid AS id, bm25(customerSearch) AS score FROM customerSearch
                      WHERE customerSearch MATCH ? LIMIT 500) AS hit ON hit.id = customer.id
                ORDER BY hit.score, customer.lastName, customer.firstName, customer.id
                LIMIT ?
                """, arguments: [pattern, limit]))
        }
        return found
    }
}

extension AppDatabase {
    /// Customers matching a cashier's text (``CustomerRecord/search(_:limit:in:)``), from the local copy: works
    /// offline.
    public func searchCustomers(_ text: String, limit: Int) async throws -> [CustomerRecord] {
        try await read { db in try CustomerRecord.search(text, limit: limit, in: db) }
    }

    /// One customer by WooCommerce id, from the local copy.
    public func customer(id: Int64) async throws -> CustomerRecord? {
        try await read { db in try CustomerRecord.fetchOne(db, key: id) }
    }

    /// How many customers the local copy holds.
    public func customerCount() async throws -> Int {
        try await read { db in try CustomerRecord.fetchCount(db) }
    }
}
