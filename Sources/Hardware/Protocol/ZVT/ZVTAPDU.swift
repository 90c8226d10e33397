/// One ZVT application protocol data unit: `CLASS INSTR LEN data`.
///
/// The length is one byte for up to 254 data bytes; from 255 on it is `FF` followed by a 2-byte
/// little-endian length. Over TCP APDUs travel bare; over a serial line they are framed by
/// ``ZVTSerialFrameSerializer``.
///
/// ```swift
/// let ack = ZVTAPDU.acknowledgement            // 80 00 00
/// let bytes = try ZVTAPDU(class: 0x06, instruction: 0x00, data: [0, 0, 0, 0xBA]).encoded()
/// ```
///
/// Related spec: ZVT PA00P015 chapter 2 "APDU"; reference/zvt.md "Transport".
public struct ZVTAPDU: Hashable, Sendable {
    /// The class byte (`06` for most ECR commands, `04` for status messages, `80`/`84` for acknowledgements).
    public var `class`: UInt8
    /// The instruction byte.
    public var instruction: UInt8
    /// The data bytes after the length field.
    public var data: [UInt8]

    /// The largest data length the 3-byte length form can express.
    public static let maximumEncodableDataLength = 0xFFFF

    /// Creates an APDU.
    public init(class: UInt8, instruction: UInt8, data: [UInt8] = []) {
        self.class = `class`
        self.instruction = instruction
        self.data = data
    }

    /// Creates an APDU for a command code.
    public init(_ command: ZVTCommandCode, data: [UInt8] = []) {
        self.init(class: command.class, instruction: command.instruction, data: data)
    }

    /// The command code (class and instruction).
    public var command: ZVTCommandCode { ZVTCommandCode(self.class, instruction) }

    // MARK: - Well-known APDUs

    /// `80 00 00`: the positive application acknowledgement.
    public static let acknowledgement = ZVTAPDU(class: 0x80, instruction: 0x00)

    /// `84 xx 00`: the negative acknowledgement with an error code.
    public static func negativeAcknowledgement(_ code: UInt8) -> ZVTAPDU {
        ZVTAPDU(class: 0x84, instruction: code)
    }

    // MARK: - Encoding

    /// The bytes on the wire: class, instruction, length field, data.
    ///
    /// - Throws: ``ZVTProtocolError/apduTooLong(length:maximum:)`` for more than 65,535 data bytes.
    public func encoded() throws(ZVTProtocolError) -> [UInt8] {
        let count = data.count
        guard count <= Self.maximumEncodableDataLength else {
            throw .apduTooLong(length: count, maximum: Self.maximumEncodableDataLength)
        }
        var bytes: [UInt8] = [self.class, instruction]
        if count < 0xFF {
            bytes.append(UInt8(count))
        } else {
            bytes.append(contentsOf: [0xFF, UInt8(count & 0xFF), UInt8(count >> 8)])
        }
        bytes.append(contentsOf: data)
        return bytes
    }

    // MARK: - Decoding

    /// Decodes exactly one APDU from `bytes`.
    ///
    /// - Throws: ``ZVTProtocolError/truncated(_:)`` for a short header, ``ZVTProtocolError/lengthMismatch(declared:actual:)``
    ///   when the data is shorter or longer than declared.
    public static func decode(_ bytes: [UInt8]) throws(ZVTProtocolError) -> ZVTAPDU {
        var reader = ByteReader(bytes)
        guard let header = peekHeader(reader) else { throw .truncated("APDU header") }
        let actual = reader.readableBytes - header.headerLength
        guard actual == header.dataLength else { throw .lengthMismatch(declared: header.dataLength, actual: actual) }
        reader.moveReaderIndex(forwardBy: header.headerLength)
        return ZVTAPDU(class: bytes[0], instruction: bytes[1], data: reader.readRemainingBytes())
    }

    /// The header of the APDU at the reader's cursor: its length and the data length it declares, or `nil` if incomplete.
    static func peekHeader(_ reader: ByteReader) -> (headerLength: Int, dataLength: Int)? {
        guard let length = reader.peekByte(at: 2) else { return nil }
        if length < 0xFF { return (3, Int(length)) }
        guard let low = reader.peekByte(at: 3), let high = reader.peekByte(at: 4) else { return nil }
        return (5, Int(low) | Int(high) << 8)
    }
}

extension ZVTAPDU: CustomStringConvertible {
    /// The command code and data length only: the data may hold card details and is never printed.
    public var description: String { "ZVTAPDU(\(command), \(data.count) data bytes)" }
}
