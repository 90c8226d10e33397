/// Why bytes from or for a ZVT terminal could not be read or written.
///
/// These are the codec's internal errors; the driver maps them into ``CardReaderError``. Descriptions name
/// tags, lengths and positions only, never field contents, so they are safe to log.
public enum ZVTProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ended inside a structure that needs more bytes.
    case truncated(String)
    /// An APDU announces more data than the parser accepts.
    case apduTooLong(length: Int, maximum: Int)
    /// An APDU's length field does not match the bytes it came with.
    case lengthMismatch(declared: Int, actual: Int)
    /// A serial frame grew beyond the parser's limit before its DLE ETX.
    case frameTooLong(maximum: Int)
    /// A serial frame's CRC differs from the one computed; answer with NAK.
    case badChecksum(expected: UInt16, received: UInt16)
    /// A new DLE STX arrived before the current frame's DLE ETX; the partial frame was dropped.
    case frameInterrupted
    /// DLE was followed by a byte that is neither DLE, STX nor ETX; the frame was dropped.
    case unexpectedControlByte(UInt8)
    /// A BCD field held a nibble that is not a decimal digit.
    case invalidBCD(field: String)
    /// A value cannot be written in the field's format (negative amount, too many digits, ...).
    case valueOutOfRange(field: String)
    /// A BER-TLV structure is malformed.
    case malformedTLV(String)
    /// A message's data does not have the shape its command requires.
    case malformedMessage(String)

    public var description: String {
        switch self {
        case .truncated(let what): "ZVT data ended inside \(what)"
        case .apduTooLong(let length, let maximum): "ZVT APDU of \(length) bytes exceeds the limit of \(maximum)"
        case .lengthMismatch(let declared, let actual): "ZVT APDU declares \(declared) data bytes but has \(actual)"
        case .frameTooLong(let maximum): "ZVT serial frame exceeds \(maximum) bytes"
        case .badChecksum(let expected, let received):
            "ZVT serial frame CRC mismatch (computed \(HexBytes.string([UInt8(expected >> 8), UInt8(expected & 0xFF)], separator: "")), received \(HexBytes.string([UInt8(received >> 8), UInt8(received & 0xFF)], separator: "")))"
        case .frameInterrupted: "ZVT serial frame interrupted by a new DLE STX"
        case .unexpectedControlByte(let byte): "ZVT serial frame has DLE followed by \(HexBytes.string([byte]))"
        case .invalidBCD(let field): "ZVT field \(field) is not valid BCD"
        case .valueOutOfRange(let field): "value out of range for ZVT field \(field)"
        case .malformedTLV(let what): "malformed ZVT TLV: \(what)"
        case .malformedMessage(let what): "malformed ZVT message: \(what)"
        }
    }
}
