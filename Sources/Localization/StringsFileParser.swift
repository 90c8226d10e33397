/// Reads a `Localizable.strings` file of the form the catalog uses (`"key" = "text";`, `/* comments */`, `//`
/// comments, the escapes `\"` `\\` `\n` `\t`) in one pass over its UTF-8 bytes: about a tenth of what
/// `PropertyListSerialization` takes, which every `pos` start pays once per language. Returns nil for anything
/// else, and the catalog then falls back to `PropertyListSerialization`.
///
/// One loop over a buffer pointer with plain local state, no nested closures: `pos` runs as a debug build in the
/// test suite (over a thousand starts a run), where a closure capturing the cursor pays an exclusivity check and a
/// bounds check on every byte. A text without escapes is decoded from the file's bytes in one go.
enum StringsFileParser {
    static func parse(_ bytes: [UInt8]) -> [String: String]? {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// What the parser expects next.
    private enum Expecting { case key, equals, value, semicolon }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        guard let base = bytes.baseAddress else { return [:] }
        let end = bytes.count
        var table: [String: String] = [:]
        table.reserveCapacity(end / 96)
        var index = 0
        var expecting = Expecting.key
        var key = ""
        while index < end {
            let byte = base[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index += 1
            case UInt8(ascii: "/") where index + 1 < end && base[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < end, !(base[index] == UInt8(ascii: "*") && base[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < end else { return nil }
                index += 2
            case UInt8(ascii: "/") where index + 1 < end && base[index + 1] == UInt8(ascii: "/"):
                while index < end, base[index] != 0x0A { index += 1 }
            case UInt8(ascii: "\"") where expecting == .key || expecting == .value:
                index += 1
                let start = index
                var escaped = false
                while index < end, base[index] != UInt8(ascii: "\"") {
                    if base[index] == UInt8(ascii: "\\") { escaped = true; index += 1 }
                    index += 1
                }
                guard index < end else { return nil }
                let span = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard let text = escaped ? unescaped(span) : String(decoding: span, as: UTF8.self) else { return nil }
                if expecting == .key {
                    key = text
                    expecting = .equals
                } else {
                    table[key] = text
                    expecting = .semicolon
                }
            case UInt8(ascii: "=") where expecting == .equals:
                index += 1
                expecting = .value
            case UInt8(ascii: ";") where expecting == .semicolon:
                index += 1
                expecting = .key
            default:
                return nil
            }
        }
        return expecting == .key ? table : nil
    }

    /// A quoted text's bytes with `\"` `\\` `\n` `\t` replaced; nil for another escape.
    private static func unescaped(_ span: UnsafeBufferPointer<UInt8>) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(span.count)
        var index = 0
        while index < span.count {
            let byte = span[index]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            guard index + 1 < span.count else { return nil }
            switch span[index + 1] {
            case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            default: return nil
            }
            index += 2
        }
        return String(decoding: text, as: UTF8.self)
    }
}
