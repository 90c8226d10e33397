import Foundation
import POSFoundation

// MARK: - Tolerant reads

extension KeyedDecodingContainer {
    /// Whether the key is missing, null, `false` or `""`: WooCommerce's ways of saying "nothing".
    func isEmptyMarker(_ key: Key) -> Bool {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return true }
        if let flag = try? decode(Bool.self, forKey: key), flag == false { return true }
        if let text = try? decode(String.self, forKey: key), text.isEmpty { return true }
        return false
    }

    /// A string; numbers are turned into their decimal text; `null`/`false`/missing give nil.
    func lenientString(_ key: Key) -> String? {
        guard contains(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
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
        guard contains(key) else { return nil }
        if let value = try? decode(Int64.self, forKey: key) { return value }
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
        guard contains(key) else { return nil }
        if let flag = try? decode(Bool.self, forKey: key) { return flag }
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
        guard !isEmptyMarker(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) {
            guard let value = Lenient.decimal(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not a decimal number")
            }
            return value
        }
        if let number = try? decode(Decimal.self, forKey: key), let exact = Lenient.exactDecimal(from: number) {
            return exact
        }
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
        guard !isEmptyMarker(key) else { return [] }
        if let values = try? decode([T].self, forKey: key) { return values }
        if let members = try? decode([String: T].self, forKey: key) {
            return members.sorted { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }.map(\.value)
        }
        if let members = try? decode([String: JSONValue].self, forKey: key), members.isEmpty { return [] }
        // Decode again to surface the real error with its coding path.
        return try decode([T].self, forKey: key)
    }

    /// A list of ids from `[1, "2"]` style arrays; unreadable entries are skipped.
    func idList(_ key: Key) -> [RemoteID] {
        guard let values = try? lenientArray(key, of: JSONValue.self) else { return [] }
        return values.compactMap(\.int64Value)
    }

    /// A list of strings; numbers become their text, other entries are skipped.
    func stringList(_ key: Key) -> [String] {
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
