/// Cuts the bytes an 8217 scale sends into ``Toledo8217Answer``s.
///
/// `append(_:)` bytes as they arrive, then call `nextAnswer()` until it returns `nil` (need more bytes). Bytes
/// before an `STX` are line noise and skipped. A frame longer than ``maximumFrameLength`` or one whose body is
/// neither a weight nor a status throws once; the parser then goes on at the next `STX`.
public struct Toledo8217Parser: Sendable {
    /// Why a frame was refused.
    public enum ParseError: Error, Hashable, Sendable {
        /// No `CR` within ``Toledo8217Parser/maximumFrameLength`` bytes.
        case frameTooLong
        /// The body is not a weight or a status (the bytes are given in hex).
        case malformed(String)
    }

    static let stx: UInt8 = 0x02
    static let cr: UInt8 = 0x0D
    /// The longest frame accepted, STX to CR inclusive ("STX 999.999N CR" is 10 bytes; displays of 7 digits fit).
    public static let maximumFrameLength = 16

    private var buffer: [UInt8] = []

    public init() {}

    /// Adds bytes read from the line.
    public mutating func append(_ bytes: [UInt8]) {
        buffer += bytes.map { $0 & 0x7F }  // a 7E1 line's parity bit, if the UART left it in
    }

    /// Forgets everything buffered (a new request starts).
    public mutating func reset() {
        buffer = []
    }

    /// The next complete answer, or `nil` when more bytes are needed.
    public mutating func nextAnswer() throws(ParseError) -> Toledo8217Answer? {
        guard let start = buffer.firstIndex(of: Self.stx) else {
            buffer = []
            return nil
        }
        buffer.removeFirst(start)
        guard let end = buffer.prefix(Self.maximumFrameLength).firstIndex(of: Self.cr) else {
            if buffer.count >= Self.maximumFrameLength {
                buffer.removeFirst()
                throw .frameTooLong
            }
            return nil
        }
        let body = Array(buffer[1..<end])
        buffer.removeFirst(end + 1)
        return try Self.decode(body)
    }

    static func decode(_ body: [UInt8]) throws(ParseError) -> Toledo8217Answer {
        if body.first == 0x3F {  // "?"
            guard body.count == 2 else { throw .malformed(hex(body)) }
            return .status(Toledo8217Status(rawValue: body[1]))
        }
        var field = body.drop(while: { $0 == 0x20 })
        var isNet = false
        if field.last == 0x4E {  // "N"
            isNet = true
            field = field.dropLast()
        }
        let points = field.filter { $0 == 0x2E }.count
        guard !field.isEmpty, points <= 1, field.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E }),
              field.contains(where: { $0 != 0x2E }), field.count <= 9
        else { throw .malformed(hex(body)) }
        let decimals = field.firstIndex(of: 0x2E).map { field.distance(from: $0, to: field.endIndex) - 1 } ?? 0
        let value = field.filter { $0 != 0x2E }.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let text = String(decoding: field, as: UTF8.self)
        return .weight(Toledo8217Weight(text: text, value: value, decimals: decimals, isNet: isNet))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
