import Foundation
import POSFoundation

// MARK: - Tolerant reads
//
// Each reader asks first for the shape the REST API sends almost always (a string for text and decimals, a number
// for ids, an array for lists) with one `decodeIfPresent`, and tries the other shapes only when that fails: every
// failed `decode` builds a `DecodingError`, and trying types in turn was most of a catalog page's decoding time.

extension KeyedDecodingContainer {
    /// Whether the key is missing or null.
    private func isMissingOrNull(_ key: Key) -> Bool {
        !contains(key) || (try? decodeNil(forKey: key)) == true
    }

    /// Whether the key is missing, null, `false` or `""`: WooCommerce's ways of saying "nothing".
    func isEmptyMarker(_ key: Key) -> Bool {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text.isEmpty }
        guard !isMissingOrNull(key) else { return true }
        if let flag = try? decode(Bool.self, forKey: key), flag == false { return true }
        return false
    }

    /// A string; numbers are turned into their decimal text; `null`/`false`/missing give nil.
    func lenientString(_ key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        guard !isMissingOrNull(key) else { return nil }
        if let number = try? decode(Decimal.self, forKey: key) { return number.description }
        if let flag = try? decode(Bool.self, forKey: key), flag { return "true" }
        return nil
    }

    /// A string, or "" when it is missing or empty.
    func string(_ key: Key) -> String {
        lenientString(key) ?? ""
    }

    /// A 64-bit integer from a number or a numeric string; nil for missing, null, `false`, `""` or garbage.
    func lenientInt64(_ key: Key) -> Int64? {
        if let value = try? decodeIfPresent(Int64.self, forKey: key) { return value }
        guard !isMissingOrNull(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return Lenient.int64(from: text) }
        if let number = try? decode(Decimal.self, forKey: key) { return Lenient.int64(from: number) }
        return nil
    }

    /// An `Int` from a number or numeric string.
    func lenientInt(_ key: Key) -> Int? {
        lenientInt64(key).flatMap { Int(exactly: $0) }
    }

    /// A required id: present and numeric, or a decoding error naming the key.
    func requiredID(_ key: Key) throws -> Int64 {
        guard let value = lenientInt64(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "a numeric \"\(key.stringValue)\" is required"))
        }
        return value
    }

    /// A bool from `true`/`false`, 0/1 or "yes"/"no"; nil when missing or unreadable.
    func lenientBool(_ key: Key) -> Bool? {
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
        guard !isMissingOrNull(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return Lenient.bool(from: text) }
        if let number = try? decode(Int64.self, forKey: key) { return number != 0 }
        return nil
    }

    /// A bool, false when missing.
    func bool(_ key: Key) -> Bool {
        lenientBool(key) ?? false
    }

    /// An exact decimal from "12.50" or 12.5; nil for missing, null, `false` or `""`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when a value is present but is not a number.
    func lenientDecimal(_ key: Key) throws -> ExactDecimal? {
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            guard !text.isEmpty else { return nil }
            guard let value = Lenient.decimal(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not a decimal number")
            }
            return value
        }
        guard !isMissingOrNull(key) else { return nil }
        if let number = try? decode(Decimal.self, forKey: key), let exact = Lenient.exactDecimal(from: number) {
            return exact
        }
        if let flag = try? decode(Bool.self, forKey: key), flag == false { return nil }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected a decimal number")
    }

    /// A date: the `_gmt` key when it has one, else the local key read as UTC.
    func lenientDate(_ gmtKey: Key, orLocal localKey: Key? = nil) -> Date? {
        if let text = lenientString(gmtKey), let date = WooDate.parse(text) { return date }
        if let localKey, let text = lenientString(localKey), let date = WooDate.parse(text) { return date }
        return nil
    }

    /// An array; `false`, `null`, `""` or missing give `[]`, and a PHP object with numeric keys gives its values.
    func lenientArray<T: Decodable>(_ key: Key, of type: T.Type = T.self) throws -> [T] {
        if let values = try? decodeIfPresent([T].self, forKey: key) { return values }
        guard !isEmptyMarker(key) else { return [] }
        if let members = try? decode([String: T].self, forKey: key) {
            return members.sorted { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }.map(\.value)
        }
        if let members = try? decode([String: JSONValue].self, forKey: key), members.isEmpty { return [] }
        // Decode again to surface the real error with its coding path.
        return try decode([T].self, forKey: key)
    }

    /// A list of ids from `[1, "2"]` style arrays; unreadable entries are skipped.
    func idList(_ key: Key) -> [RemoteID] {
        if let ids = try? decodeIfPresent([Int64].self, forKey: key) { return ids }
        guard let values = try? lenientArray(key, of: JSONValue.self) else { return [] }
        return values.compactMap(\.int64Value)
    }

    /// A list of strings; numbers become their text, other entries are skipped.
    func stringList(_ key: Key) -> [String] {
        if let texts = try? decodeIfPresent([String].self, forKey: key) { return texts }
        guard let values = try? lenientArray(key, of: JSONValue.self) else { return [] }
        return values.compactMap(\.stringValue)
    }

    /// A nested object, nil when it is missing, null, `false`, `""` or an empty array (PHP's empty object).
    func lenientObject<T: Decodable>(_ key: Key, of type: T.Type = T.self) throws -> T? {
        guard !isEmptyMarker(key) else { return nil }
        if let values = try? decode([JSONValue].self, forKey: key), values.isEmpty { return nil }
        return try decode(T.self, forKey: key)
    }

    /// `meta_data` entries, tolerating odd shapes.
    func metaData(_ key: Key) -> [MetaData] {
        (try? lenientArray(key, of: MetaData.self)) ?? []
    }
}
