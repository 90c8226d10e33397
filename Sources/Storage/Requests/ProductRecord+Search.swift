import Foundation
import GRDB

extension ProductRecord {
    /// The largest number of words of a query that are searched; the rest are ignored.
    public static let maximumSearchTokens = 8

    /// Products whose name or SKU has words starting with every word of `text`, best matches first.
    ///
    /// Search-as-you-type: "coc col" finds "Coca-Cola". The text is split into words of letters and digits,
    /// and each word becomes a quoted prefix term, so FTS5 syntax typed by a person (`"`, `*`, `NEAR(`, `-`,
    /// `AND`, `^`, column filters) is searched for as plain words and can never form a query.
    /// Matches in the SKU rank above matches in the name.
    ///
    /// - Parameters:
    ///   - text: What the cashier typed.
    ///   - limit: The largest number of results.
    /// - Returns: Matching products, ranked; empty when `text` has no letters or digits.
    public static func search(_ text: String, limit: Int, in db: Database) throws -> [ProductRecord] {
        guard limit > 0, let pattern = searchPattern(for: text) else { return [] }
        return try ProductRecord.fetchAll(
            db,
            sql: """
                SELECT product.* FROM product
                JOIN productSearch ON productSearch.rowid = product.id
                WHERE productSearch MATCH ?
                ORDER BY bm25(productSearch, 1.0, 2.0), product.name, product.id
                LIMIT ?
                """,
            arguments: [pattern, limit])
    }

    /// The FTS5 query for a person's text: each word quoted and made a prefix, all words required.
    ///
    /// - Returns: `nil` when the text has no word to search for.
    static func searchPattern(for text: String) -> String? {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        let terms = tokens.prefix(maximumSearchTokens).map { token in
            // Letters and digits only, so there is no quote to escape; doubling stays as a second safety.
            "\"" + String(token.prefix(64)).replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
