import Foundation

/// A strict, depth-limited JSON parser producing ``JSON`` values; it never traps on bad input.
struct JSONParser {
    /// Why a body was refused.
    struct ParseError: Error, Equatable {
        let offset: Int
    }

    /// The deepest nesting accepted (a guard against stack exhaustion by hostile bodies).
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a complete JSON document.
    static func parse(_ data: some Collection<UInt8>) throws(ParseError) -> JSON {
        var parser = JSONParser(bytes: Array(data))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw ParseError(offset: parser.index) }
        return value
    }

    private var fail: ParseError { ParseError(offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(ParseError) -> JSON {
        guard depth < JSONParser.maximumDepth, index < bytes.count else { throw fail }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: String) throws(ParseError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(ParseError) -> JSON {
        index += 1
        var pairs: [(String, JSON)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail }
            index += 1
            skipWhitespace()
            pairs.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw fail }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw fail
        }
    }

    private mutating func parseArray(depth: Int) throws(ParseError) -> JSON {
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw fail
        }
    }

    private mutating func parseNumber() throws(ParseError) -> String {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else if ![UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")]
                .contains(byte) {
                break
            }
            index += 1
        }
        guard digits > 0, let text = String(bytes: bytes[start..<index], encoding: .utf8),
              Double(text) != nil else { throw ParseError(offset: start) }
        return text
    }

    private mutating func parseString() throws(ParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws(ParseError) {
            if run.isEmpty { return }
            guard let text = String(bytes: run, encoding: .utf8) else { throw fail }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                guard index < bytes.count else { throw fail }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw fail
                }
            default:
                guard byte >= 0x20 else { throw fail }
                run.append(byte)
                index += 1
            }
        }
        throw fail
    }

    private mutating func parseHex4() throws(ParseError) -> UInt32 {
        guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
              let value = UInt32(text, radix: 16) else { throw fail }
        index += 4
        return value
    }
}
