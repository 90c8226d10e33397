import Foundation
import POSFoundation

/// Any JSON value, kept as it came: meta data values, settings values, request bodies.
///
/// Numbers are held as `Decimal`, which JSONDecoder fills from the number's text, so "12.50" style
/// values do not pass through binary floating point.
///
/// ```swift
/// let body: JSONValue = ["status": "pending", "set_paid": false, "line_items": [["product_id": 12, "quantity": 2]]]
/// ```
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as text: a string as is, a number in plain decimal notation, a bool as "true"/"false"; nil otherwise.
    public var stringValue: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.description
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    /// The value as a 64-bit integer when it is a whole number or a string holding one.
    public var int64Value: Int64? {
        switch self {
        case .number(let number):
            Lenient.int64(from: number)
        case .string(let text): Int64(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// The value as a bool: JSON booleans, and the strings "yes"/"no"/"true"/"false"/"1"/"0".
    public var boolValue: Bool? {
        switch self {
        case .bool(let flag): flag
        case .number(let number): number == 0 ? false : (number == 1 ? true : nil)
        case .string(let text): Lenient.bool(from: text)
        default: nil
        }
    }

    /// The elements when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The members when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The member for a key when this is an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// Whether WooCommerce means "nothing" by this value: null, false, "" or an empty array.
    public var isEmptyMarker: Bool {
        switch self {
        case .null, .bool(false): true
        case .string(let text): text.isEmpty
        case .array(let values): values.isEmpty
        default: false
        }
    }

    /// The value encoded as compact JSON with sorted keys.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case maps to a JSON primitive.
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings first, then numbers: the shapes meta data and settings hold most (each failed try builds an error).
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(Decimal.self) {
            self = .number(number)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let values = try? container.decode([JSONValue].self) {
            self = .array(values)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .number(Decimal(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A whole number.
    public static func int(_ value: Int64) -> JSONValue { .number(Decimal(value)) }
}
