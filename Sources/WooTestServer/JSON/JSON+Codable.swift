import Foundation

/// ``JSON`` on the wire through Foundation's `JSONDecoder` and `JSONEncoder`.
///
/// Numbers cross as `Decimal` (Foundation reads and writes their digits exactly), never as `Double`. Objects are
/// written with sorted keys so answers are byte-for-byte repeatable.
extension JSON: Codable {
    /// An object key.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            // Foundation hands the keys over unordered: sort them so a decoded object is the same every run.
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try object.decode(JSON.self, forKey: key))
            })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            while !array.isAtEnd { items.append(try array.decode(JSON.self)) }
            self = .array(items)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else {
            self = .number(try value.decode(Decimal.self).description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case let .bool(bool):
            var value = encoder.singleValueContainer()
            try value.encode(bool)
        case let .number(text):
            var value = encoder.singleValueContainer()
            if let int = Int64(text) {
                try value.encode(int)
            } else if let decimal = Decimal(string: text) {
                try value.encode(decimal)
            } else {
                throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "Not a number."))
            }
        case let .string(string):
            var value = encoder.singleValueContainer()
            try value.encode(string)
        case let .array(items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case let .object(pairs):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in pairs { try object.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    /// Parses a complete JSON document (Foundation's `JSONDecoder`: strict, and depth-limited against hostile bodies).
    public init(parsing bytes: some Collection<UInt8>) throws {
        self = try JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    /// Compact JSON text as PHP's `json_encode` writes it for WordPress: `/` as `\/`, non-ASCII as `\uXXXX`.
    public func serialized() -> String {
        String(decoding: data, as: UTF8.self)
    }

    /// UTF-8 bytes of ``serialized()``.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]  // Foundation escapes `/` as `\/` unless told not to, as PHP does.
        // Every value of this enum encodes; an unencodable number text is a bug in a route.
        guard let data = try? encoder.encode(self) else { preconditionFailure("unencodable JSON value") }
        return Self.escapingNonASCII(data)
    }

    /// PHP's `\uXXXX` (lower-case hex, UTF-16 surrogate pairs) for every non-ASCII character; outside strings JSON
    /// text is ASCII, so the whole text can be rewritten.
    private static func escapingNonASCII(_ data: Data) -> Data {
        guard data.contains(where: { $0 >= 0x80 }) else { return data }
        var out = ""
        out.reserveCapacity(data.count + 64)
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return Data(out.utf8)
    }
}
