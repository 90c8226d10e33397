import Foundation

/// A JSON document (RFC 8259) read once into a flat list of its values, for the catalog's pages.
///
/// Why not `JSONDecoder`: a page of 100 trimmed products took ~2 ms of CPU through it, most of it in the keyed
/// containers' boxing, copying and key hashing that every field read pays (about 20 fields a product), not in
/// reading the bytes. It was over half of a 100,000-product ingest's CPU (docs/performance.md). No library among
/// those this project may use reads JSON faster, so the catalog's models read their fields from this tape in one
/// pass over each object instead (see `JSONTape+Lenient.swift` and the models' `init(reading:)`).
///
/// The reader is strict where `JSONDecoder` is (one value, no trailing garbage, no control characters in strings,
/// valid escapes and numbers, nesting at most ``maximumDepth`` deep) and lazy about the rest: strings are unescaped
/// and checked for valid UTF-8, and numbers converted, only when a model reads them.
struct JSONTape: Sendable {
    /// What a value is.
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value. Strings hold the bytes between the quotes, numbers their text; containers hold the index of the
    /// value after them in `next` (a scalar's `next` is its own index + 1), and their members follow them.
    struct Value: Sendable {
        var kind: Kind
        /// Whether a string holds a backslash escape.
        var escaped: Bool
        var start: Int32
        var end: Int32
        var next: Int32
    }

    /// Why the bytes are not one JSON value.
    struct SyntaxError: Error, Sendable, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "The given data was not valid JSON: \(reason) at byte \(offset)." }
    }

    /// How deep arrays and objects may nest (as `JSONDecoder`'s 512).
    static let maximumDepth = 512

    let bytes: [UInt8]
    private(set) var values: [Value] = []

    /// Reads `data`; the root value is `values[0]`.
    init(_ data: Data) throws(SyntaxError) {
        bytes = [UInt8](data)
        guard bytes.count < Int(Int32.max) else { throw SyntaxError(offset: 0, reason: "the document is too large") }
        var values: [Value] = []
        values.reserveCapacity(bytes.count / 8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) in
            var reader = Reader(buffer: buffer)
            reader.skipWhitespace()
            try reader.readValue(into: &values, depth: 0)
            reader.skipWhitespace()
            if reader.position < buffer.count { throw reader.error("unexpected data after the value") }
        }
        self.values = values
    }

    // MARK: - Reading values back

    subscript(index: Int) -> Value { values[index] }

    /// The members of the object at `index`: each key's text and its value's index, in document order.
    func members(ofObject index: Int) -> MemberSequence {
        MemberSequence(tape: self, index: index)
    }

    /// The indices of the elements of the array at `index`, in order.
    func elements(ofArray index: Int) -> [Int] {
        let value = values[index]
        var result: [Int] = []
        var child = index + 1
        while child < Int(value.next) {
            result.append(child)
            child = Int(values[child].next)
        }
        return result
    }

    /// The number of elements of the array or members of the object at `index`.
    func count(of index: Int) -> Int {
        let value = values[index]
        var count = 0
        var child = index + 1
        while child < Int(value.next) {
            count += 1
            child = Int(values[child].next)
            if value.kind == .object { child = Int(values[child].next) }
        }
        return count
    }

    /// The string at `index` unescaped, nil when it is not a string or not valid UTF-8.
    func string(at index: Int) -> String? {
        let value = values[index]
        guard value.kind == .string else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            let raw = UnsafeBufferPointer(rebasing: buffer[Int(value.start)..<Int(value.end)])
            guard value.escaped else { return Self.string(validating: raw) }
            guard let unescaped = Self.unescape(raw) else { return nil }
            return unescaped.withUnsafeBufferPointer { Self.string(validating: $0) }
        }
    }

    /// The UTF-8 text of `bytes`, nil when it is not valid UTF-8. ASCII (nearly every string of a catalog page) is
    /// taken as it is: `String(validating:as:)` is generic and looked its types up at run time on each call, about
    /// a tenth of decoding a page.
    private static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        return ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// Whether the string at `index` is exactly `text` (no escapes): keys are compared without building strings.
    func string(at index: Int, equals text: StaticString) -> Bool {
        let value = values[index]
        guard value.kind == .string, !value.escaped, Int(value.end - value.start) == text.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + Int(value.start), text.utf8Start, text.utf8CodeUnitCount) == 0
        }
    }

    /// The text of the number at `index`.
    func numberText(at index: Int) -> String? {
        let value = values[index]
        guard value.kind == .number else { return nil }
        return String(decoding: bytes[Int(value.start)..<Int(value.end)], as: UTF8.self)
    }

    /// The number at `index` as a whole `Int64`, when its text is one ("12", not "12.0" or "1e3").
    func plainInt64(at index: Int) -> Int64? {
        let value = values[index]
        guard value.kind == .number else { return nil }
        var result: Int64 = 0
        var position = Int(value.start)
        let end = Int(value.end)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard end - position <= 18 else { return numberText(at: index).flatMap { Int64($0) } }
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            result = result * 10 + Int64(digit)
            position += 1
        }
        return negative ? -result : result
    }

    /// The number at `index` as a Foundation `Decimal`, as `JSONDecoder` reads one.
    func decimal(at index: Int) -> Decimal? {
        numberText(at: index).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for byte in raw[at..<at + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex(index) else { return nil }
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                          let low = hex(index + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                UTF8.encode(unicode) { out.append($0) }
            default:
                return nil
            }
        }
        return out
    }

    /// The members of one object.
    struct MemberSequence: Sequence {
        let tape: JSONTape
        let index: Int

        struct Iterator: IteratorProtocol {
            let tape: JSONTape
            var child: Int
            let end: Int

            /// A member: the key's index (a string) and the value's index.
            mutating func next() -> (key: Int, value: Int)? {
                guard child < end else { return nil }
                let key = child
                let value = key + 1
                child = Int(tape.values[value].next)
                return (key, value)
            }
        }

        func makeIterator() -> Iterator {
            let object = tape.values[index]
            return Iterator(tape: tape, child: object.kind == .object ? index + 1 : Int(object.next), end: Int(object.next))
        }
    }

    // MARK: - The reader

    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0

        init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

        mutating func skipWhitespace() {
            while position < buffer.count {
                switch buffer[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func readValue(into values: inout [Value], depth: Int) throws(SyntaxError) {
            guard position < buffer.count else { throw error("unexpected end of data") }
            switch buffer[position] {
            case UInt8(ascii: "{"): try readObject(into: &values, depth: depth + 1)
            case UInt8(ascii: "["): try readArray(into: &values, depth: depth + 1)
            case UInt8(ascii: "\""): try readString(into: &values)
            case UInt8(ascii: "t"): try readLiteral("true", .true, into: &values)
            case UInt8(ascii: "f"): try readLiteral("false", .false, into: &values)
            case UInt8(ascii: "n"): try readLiteral("null", .null, into: &values)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try readNumber(into: &values)
            default: throw error("unexpected character '\(Character(Unicode.Scalar(buffer[position])))'")
            }
        }

        private mutating func readLiteral(_ text: StaticString, _ kind: Kind, into values: inout [Value]) throws(SyntaxError) {
            let count = text.utf8CodeUnitCount
            guard position + count <= buffer.count,
                  memcmp(buffer.baseAddress! + position, text.utf8Start, count) == 0 else { throw error("invalid literal") }
            let index = Int32(values.count)
            values.append(Value(kind: kind, escaped: false, start: Int32(position), end: Int32(position + count), next: index + 1))
            position += count
        }

        private mutating func readString(into values: inout [Value]) throws(SyntaxError) {
            position += 1  // the opening quote
            let start = position
            var escaped = false
            while true {
                guard position < buffer.count else { throw error("unterminated string") }
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw error("control character in a string") }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    guard position + 1 < buffer.count else { throw error("unterminated string") }
                    switch buffer[position + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        position += 2
                    case UInt8(ascii: "u"):
                        guard position + 6 <= buffer.count,
                              buffer[(position + 2)..<(position + 6)].allSatisfy({ Self.isHexDigit($0) }) else {
                            throw error("invalid \\u escape")
                        }
                        position += 6
                    default:
                        throw error("invalid escape")
                    }
                    continue
                }
                position += 1
            }
            let index = Int32(values.count)
            values.append(Value(kind: .string, escaped: escaped, start: Int32(start), end: Int32(position), next: index + 1))
            position += 1  // the closing quote
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
            default: false
            }
        }

        private mutating func digits() -> Int {
            let start = position
            while position < buffer.count, buffer[position] &- UInt8(ascii: "0") < 10 { position += 1 }
            return position - start
        }

        private mutating func readNumber(into values: inout [Value]) throws(SyntaxError) {
            let start = position
            if buffer[position] == UInt8(ascii: "-") { position += 1 }
            guard position < buffer.count else { throw error("invalid number") }
            if buffer[position] == UInt8(ascii: "0") {
                position += 1
            } else if digits() == 0 {
                throw error("invalid number")
            }
            if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw error("invalid number") }
            }
            if position < buffer.count, buffer[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard digits() > 0 else { throw error("invalid number") }
            }
            let index = Int32(values.count)
            values.append(Value(kind: .number, escaped: false, start: Int32(start), end: Int32(position), next: index + 1))
        }

        private mutating func readArray(into values: inout [Value], depth: Int) throws(SyntaxError) {
            guard depth <= JSONTape.maximumDepth else { throw error("nested too deeply") }
            let index = values.count
            values.append(Value(kind: .array, escaped: false, start: Int32(position), end: 0, next: 0))
            position += 1
            skipWhitespace()
            if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    try readValue(into: &values, depth: depth)
                    skipWhitespace()
                    guard position < buffer.count else { throw error("unterminated array") }
                    if buffer[position] == UInt8(ascii: ",") { position += 1; continue }
                    if buffer[position] == UInt8(ascii: "]") { position += 1; break }
                    throw error("expected ',' or ']'")
                }
            }
            values[index].end = Int32(position)
            values[index].next = Int32(values.count)
        }

        private mutating func readObject(into values: inout [Value], depth: Int) throws(SyntaxError) {
            guard depth <= JSONTape.maximumDepth else { throw error("nested too deeply") }
            let index = values.count
            values.append(Value(kind: .object, escaped: false, start: Int32(position), end: 0, next: 0))
            position += 1
            skipWhitespace()
            if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    guard position < buffer.count, buffer[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    try readString(into: &values)
                    skipWhitespace()
                    guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    position += 1
                    skipWhitespace()
                    try readValue(into: &values, depth: depth)
                    skipWhitespace()
                    guard position < buffer.count else { throw error("unterminated object") }
                    if buffer[position] == UInt8(ascii: ",") { position += 1; continue }
                    if buffer[position] == UInt8(ascii: "}") { position += 1; break }
                    throw error("expected ',' or '}'")
                }
            }
            values[index].end = Int32(position)
            values[index].next = Int32(values.count)
        }
    }
}
