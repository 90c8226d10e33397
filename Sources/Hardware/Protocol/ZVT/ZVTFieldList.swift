/// The value of one BMP field as kept after parsing.
public enum ZVTFieldValue: Hashable, Sendable {
    /// The raw value bytes (without the BMP number or length prefix).
    case bytes([UInt8])
    /// The elements of a TLV container (BMP `06`).
    case tlv([ZVTTLV])
    /// A PAN reduced to its last four digits (BMP `22`).
    case maskedPAN(MaskedPAN)
    /// Card data that was read past and dropped (expiry date, track data, CVV).
    case discarded
}

/// One BMP field: its number and value.
public struct ZVTField: Hashable, Sendable {
    /// The field number.
    public var bmp: ZVTBMP
    /// The value.
    public var value: ZVTFieldValue

    /// Creates a field.
    public init(_ bmp: ZVTBMP, _ value: ZVTFieldValue) {
        self.bmp = bmp
        self.value = value
    }

    /// A field with raw bytes.
    public static func bytes(_ bmp: ZVTBMP, _ bytes: [UInt8]) -> ZVTField { ZVTField(bmp, .bytes(bytes)) }
}

/// A sequence of BMP fields, as Status Information, Completion and most commands carry them.
///
/// Parsing is deliberately one-way for card data: the expiry date and track data are never kept, and the
/// PAN is reduced to a ``MaskedPAN`` at once. An unknown BMP ends parsing (its length is unknowable); the
/// fields before it are kept and ``unknownBMP`` names it.
///
/// Related spec: ZVT PA00P015 chapter 9 "Bitmaps".
public struct ZVTFieldList: Hashable, Sendable {
    /// The fields in the order they arrived.
    public var fields: [ZVTField]
    /// The first field number this codec did not know, if parsing stopped early.
    public var unknownBMP: ZVTBMP?
    /// How many bytes were left unread after ``unknownBMP`` or ``problem``.
    public var unparsedByteCount: Int
    /// Why a tolerant parse (``parseTolerantly(_:)``) stopped before the end: a field that was cut short or
    /// malformed. The fields before it are kept.
    public var problem: ZVTProtocolError?

    /// Creates a list.
    public init(
        _ fields: [ZVTField] = [], unknownBMP: ZVTBMP? = nil, unparsedByteCount: Int = 0, problem: ZVTProtocolError? = nil
    ) {
        self.fields = fields
        self.unknownBMP = unknownBMP
        self.unparsedByteCount = unparsedByteCount
        self.problem = problem
    }

    /// True when every byte was read: no unknown field number and no damaged field.
    public var isComplete: Bool { unknownBMP == nil && problem == nil }

    /// The first value for a field number.
    public subscript(bmp: ZVTBMP) -> ZVTFieldValue? {
        fields.first { $0.bmp == bmp }?.value
    }

    /// The raw bytes of a field, if present and kept as bytes.
    public func bytes(_ bmp: ZVTBMP) -> [UInt8]? {
        if case .bytes(let bytes) = self[bmp] { return bytes }
        return nil
    }

    /// The elements of the TLV container(s), concatenated.
    public var tlv: [ZVTTLV] {
        fields.flatMap { field -> [ZVTTLV] in
            if case .tlv(let elements) = field.value { return elements }
            return []
        }
    }

    /// True when the list holds a field.
    public func contains(_ bmp: ZVTBMP) -> Bool { self[bmp] != nil }
}

// MARK: - Parsing

extension ZVTFieldList {
    /// Parses BMP fields until the bytes run out or an unknown field number appears.
    ///
    /// - Throws: ``ZVTProtocolError/truncated(_:)`` when a field is shorter than its format needs, and TLV or BCD
    ///   errors from the container and PAN.
    public static func parse(_ bytes: [UInt8]) throws(ZVTProtocolError) -> ZVTFieldList {
        var reader = ByteReader(bytes)
        return try parse(&reader)
    }

    /// Parses BMP fields from a reader, consuming them.
    public static func parse(_ reader: inout ByteReader) throws(ZVTProtocolError) -> ZVTFieldList {
        let list = parse(&reader, tolerant: false)
        if let problem = list.problem { throw problem }
        return list
    }

    /// Parses BMP fields and never fails: a field that is cut short or malformed ends the parse like an unknown
    /// field number does, and ``problem`` says why. Every field before it is kept (a terminal's report with a
    /// damaged or unknown tail still carries its result code).
    public static func parseTolerantly(_ bytes: [UInt8]) -> ZVTFieldList {
        var reader = ByteReader(bytes)
        return parse(&reader, tolerant: true)
    }

    private static func parse(_ reader: inout ByteReader, tolerant: Bool) -> ZVTFieldList {
        var list = ZVTFieldList()
        while let number = reader.peekByte() {
            let bmp = ZVTBMP(rawValue: number)
            guard let format = bmp.format else {
                list.unknownBMP = bmp
                list.unparsedByteCount = reader.readableBytes
                reader.moveReaderIndex(forwardBy: reader.readableBytes)
                break
            }
            let start = reader.readableBytes
            do {
                reader.moveReaderIndex(forwardBy: 1)
                let raw = try readValue(&reader, format: format, bmp: bmp)
                list.fields.append(ZVTField(bmp, try interpret(raw, bmp: bmp)))
            } catch {
                list.problem = error
                list.unparsedByteCount = start
                if tolerant { reader.moveReaderIndex(forwardBy: reader.readableBytes) }
                break
            }
        }
        return list
    }

    private static func readValue(
        _ reader: inout ByteReader, format: ZVTBMP.Format, bmp: ZVTBMP
    ) throws(ZVTProtocolError) -> [UInt8] {
        let length: Int
        switch format {
        case .fixed(let count): length = count
        case .llvar: length = try readVariableLength(&reader, digits: 2, bmp: bmp)
        case .lllvar: length = try readVariableLength(&reader, digits: 3, bmp: bmp)
        case .tlv:
            do { length = try ZVTTLV.readLength(&reader) } catch { throw .truncated("\(bmp) length") }
        }
        guard let value = reader.readBytes(length) else { throw .truncated("\(bmp) value") }
        return value
    }

    private static func readVariableLength(
        _ reader: inout ByteReader, digits: Int, bmp: ZVTBMP
    ) throws(ZVTProtocolError) -> Int {
        guard let bytes = reader.readBytes(digits) else { throw .truncated("\(bmp) length") }
        var length = 0
        for byte in bytes {
            guard byte >> 4 == 0xF, byte & 0x0F <= 9 else { throw .invalidBCD(field: "\(bmp) length") }
            length = length * 10 + Int(byte & 0x0F)
        }
        return length
    }

    private static func interpret(_ raw: [UInt8], bmp: ZVTBMP) throws(ZVTProtocolError) -> ZVTFieldValue {
        if bmp.isDiscarded { return .discarded }
        switch bmp {
        case .tlvContainer: return .tlv(try ZVTTLV.parseList(raw))
        case .pan:
            // An unreadable PAN must not make the whole report unreadable: it is dropped like other card data.
            return MaskedPAN(bcd: raw).map(ZVTFieldValue.maskedPAN) ?? .discarded
        default: return .bytes(raw)
        }
    }
}

// MARK: - Encoding

extension ZVTFieldList {
    /// The fields as bytes; discarded fields are skipped.
    ///
    /// - Throws: ``ZVTProtocolError/valueOutOfRange(field:)`` when a value does not fit its format.
    public func encoded() throws(ZVTProtocolError) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in fields {
            bytes += try field.encoded()
        }
        return bytes
    }
}

extension ZVTField {
    /// The field as bytes: number, length prefix where the format has one, value.
    public func encoded() throws(ZVTProtocolError) -> [UInt8] {
        let content: [UInt8]
        switch value {
        case .discarded: return []
        case .bytes(let bytes): content = bytes
        case .maskedPAN(let pan): content = pan.bcd
        case .tlv(let elements): return ZVTTLV.encodeContainer(elements)
        }
        switch bmp.format {
        case .fixed(let count):
            guard content.count == count else { throw .valueOutOfRange(field: "\(bmp)") }
            return [bmp.rawValue] + content
        case .llvar:
            guard content.count <= 99 else { throw .valueOutOfRange(field: "\(bmp)") }
            return [bmp.rawValue] + Self.lengthDigits(content.count, digits: 2) + content
        case .lllvar:
            guard content.count <= 999 else { throw .valueOutOfRange(field: "\(bmp)") }
            return [bmp.rawValue] + Self.lengthDigits(content.count, digits: 3) + content
        case .tlv, nil:
            throw .valueOutOfRange(field: "\(bmp)")
        }
    }

    /// A length as `F0`–`F9` digit bytes, most significant first.
    static func lengthDigits(_ length: Int, digits: Int) -> [UInt8] {
        var rest = length
        var bytes = [UInt8](repeating: 0xF0, count: digits)
        for index in stride(from: digits - 1, through: 0, by: -1) {
            bytes[index] = 0xF0 | UInt8(rest % 10)
            rest /= 10
        }
        return bytes
    }
}
