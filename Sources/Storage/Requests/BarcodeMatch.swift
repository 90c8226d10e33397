import Foundation
import GRDB

/// What a scanned code names: a product, or one variation of a product.
public enum BarcodeMatch: Hashable, Sendable {
    case product(ProductRecord)
    case variation(ProductVariationRecord, parent: ProductRecord)

    /// The product, or the variation's parent.
    public var product: ProductRecord {
        switch self {
        case .product(let product): product
        case .variation(_, let parent): parent
        }
    }
}

extension BarcodeMatch {
    /// Finds the product or variation whose SKU or GTIN (`global_unique_id`) equals a scanned code.
    ///
    /// SKUs compare case-insensitively. A numeric code also matches its other GTIN spellings: a 12-digit UPC-A
    /// matches the same EAN-13 with a leading zero and back, and leading zeros of a GTIN-14 are ignored.
    /// Exact SKU matches win over GTIN matches, products over variations, lower ids over higher.
    ///
    /// - Returns: The match, or `nil` when no product or variation has the code.
    public static func lookup(_ code: String, in db: Database) throws -> BarcodeMatch? {
        let candidates = Self.candidates(for: code)
        guard !candidates.isEmpty else { return nil }
        let list = candidates.map { _ in "?" }.joined(separator: ", ")
        let arguments = StatementArguments(candidates)

        let productSQL = "SELECT * FROM product WHERE sku IN (\(list)) ORDER BY id LIMIT 1"
        // Cached statements: a scan prepares nothing (one statement per query and candidate count).
        if let product = try ProductRecord.fetchOne(try db.cachedStatement(sql: productSQL), arguments: arguments) {
            return .product(product)
        }
        let variationSQL = "SELECT * FROM productVariation WHERE sku IN (\(list)) ORDER BY id LIMIT 1"
        if let variation = try ProductVariationRecord.fetchOne(try db.cachedStatement(sql: variationSQL), arguments: arguments) {
            return try match(variation, in: db)
        }
        let productGTIN = "SELECT * FROM product WHERE globalUniqueId IN (\(list)) ORDER BY id LIMIT 1"
        if let product = try ProductRecord.fetchOne(try db.cachedStatement(sql: productGTIN), arguments: arguments) {
            return .product(product)
        }
        let variationGTIN = "SELECT * FROM productVariation WHERE globalUniqueId IN (\(list)) ORDER BY id LIMIT 1"
        if let variation = try ProductVariationRecord.fetchOne(try db.cachedStatement(sql: variationGTIN), arguments: arguments) {
            return try match(variation, in: db)
        }
        return nil
    }

    private static func match(_ variation: ProductVariationRecord, in db: Database) throws -> BarcodeMatch? {
        guard let parent = try ProductRecord.find(id: variation.productId, in: db) else { return nil }
        return .variation(variation, parent: parent)
    }

    /// What a scanned code is trimmed of: built once (a union of character sets builds its bitmap each time).
    private static let trimmedCharacters = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)

    /// The code as scanned (trimmed) plus its other GTIN spellings when it is all digits.
    public static func candidates(for code: String) -> [String] {
        let trimmed = code.trimmingCharacters(in: trimmedCharacters)
        guard !trimmed.isEmpty else { return [] }
        var result = [trimmed]
        guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return result }
        var stripped = Substring(trimmed)
        while stripped.count > 8, stripped.first == "0" { stripped = stripped.dropFirst() }
        // From the shortest meaningful form, add the zero-padded 12-, 13- and 14-digit spellings.
        for length in [String(stripped).count, 12, 13, 14] where length >= stripped.count {
            let padded = String(repeating: "0", count: length - stripped.count) + stripped
            if !result.contains(padded) { result.append(padded) }
        }
        return result
    }
}
