import Foundation

extension JSON {
    /// Compact JSON text as PHP's `json_encode` writes it for WordPress: `/` as `\/`, non-ASCII as `\uXXXX`.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    /// UTF-8 bytes of ``serialized()``.
    public var data: Data { Data(serialized().utf8) }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): JSON.writeString(s, to: &out)
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                JSON.writeString(pair.0, to: &out)
                out += ":"
                pair.1.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "/": out += "\\/"
            default:
                if scalar.value < 0x20 || (scalar.value > 0x7F && scalar.value < 0x10000) {
                    out += String(format: "\\u%04x", scalar.value)
                } else if scalar.value >= 0x10000 {
                    let value = scalar.value - 0x10000
                    out += String(format: "\\u%04x\\u%04x", 0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
