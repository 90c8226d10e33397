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
    /// Matches in the SKU rank above matches in the name. When more than ``searchCandidates`` products match,
    /// the best of the first ``searchCandidates`` (by id) are returned.
    ///
    /// - Parameters:
    ///   - text: What the cashier typed.
    ///   - limit: The largest number of results.
    /// - Returns: Matching products, ranked; empty when `text` has no letters or digits.
    public static func search(_ text: String, limit: Int, in db: Database) throws -> [ProductRecord] {
        guard limit > 0, let pattern = searchPattern(for: text) else { return [] }
        // The ranked candidates are the first `searchCandidates` matches (in id order, which FTS5 streams
        // without sorting): bm25 costs a row lookup per match, and a two-letter prefix matches a fifth of a
        // 100,000-product catalog. Up to that many matches the result is exactly the full ranking; beyond it,
        // the best of the first ones (the cashier types another letter to narrow it).
        let statement = try db.cachedStatement(sql: """
            SELECT product.* FROM product
            JOIN (
                SELECT rowid AS id, bm25(productSearch, 1.0, 2.0) AS score FROM productSearch
                WHERE productSearch MATCH ? LIMIT ?
            ) AS hit ON hit.id = product.id
            ORDER BY hit.score, product.name, product.id
            LIMIT ?
            """)
        return try ProductRecord.fetchAll(statement, arguments: [pattern, max(searchCandidates, limit), limit])
    }

    /// How many matches of a search are ranked at most (see ``search(_:limit:in:)``).
    public static let searchCandidates = 500

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
