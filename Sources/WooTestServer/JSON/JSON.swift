import Foundation

/// A JSON value with ordered object keys and numbers kept as their source text.
///
/// Numbers stay text so amounts and rates are never routed through `Double`.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// An integer number.
    public static func int(_ value: Int64) -> JSON { .number(String(value)) }

    // MARK: - Access

    /// The value for `key` when this is an object.
    public subscript(key: String) -> JSON? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.last(where: { $0.0 == key })?.1
    }

    /// The elements when this is an array.
    public var arrayValue: [JSON]? {
        if case let .array(items) = self { return items }
        return nil
    }

    /// The pairs when this is an object.
    public var objectValue: [(String, JSON)]? {
        if case let .object(pairs) = self { return pairs }
        return nil
    }

    /// A string, or a number or bool rendered as text (WooCommerce accepts both for most fields).
    public var stringValue: String? {
        switch self {
        case let .string(s): s
        case let .number(n): n
        case let .bool(b): b ? "true" : "false"
        default: nil
        }
    }

    /// An integer from a number or a numeric string.
    public var intValue: Int64? {
        switch self {
        case let .number(n): Int64(n) ?? Double(n).flatMap { $0 == $0.rounded() ? Int64(exactly: $0) : nil }
        case let .string(s): Int64(s.trimmingCharacters(in: .whitespaces))
        case let .bool(b): b ? 1 : 0
        default: nil
        }
    }

    /// A boolean from a bool, a number or a "true"/"yes"/"1" string.
    public var boolValue: Bool? {
        switch self {
        case let .bool(b): b
        case let .number(n): n != "0"
        case let .string(s): ["true", "yes", "1"].contains(s.lowercased())
        default: nil
        }
    }

    // MARK: - Editing

    /// A copy of this object with `key` set (replacing an existing key in place).
    public func setting(_ key: String, _ value: JSON) -> JSON {
        guard case var .object(pairs) = self else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }

    /// A copy of this object keeping only `keys` (in the original order).
    public func keeping(_ keys: Set<String>) -> JSON {
        guard case let .object(pairs) = self else { return self }
        return .object(pairs.filter { keys.contains($0.0) })
    }
}
