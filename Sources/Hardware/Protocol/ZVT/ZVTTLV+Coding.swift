// MARK: - Decoding

extension ZVTTLV {
    /// Parses every element in `bytes`, descending into constructed tags.
    ///
    /// - Throws: ``ZVTProtocolError/malformedTLV(_:)`` for a truncated tag, length or value, a length form
    ///   longer than 2 bytes, or nesting deeper than ``maximumDepth``.
    public static func parseList(_ bytes: [UInt8]) throws(ZVTProtocolError) -> [ZVTTLV] {
        var reader = ByteReader(bytes)
        return try parseList(&reader, depth: 0)
    }

    private static func parseList(_ reader: inout ByteReader, depth: Int) throws(ZVTProtocolError) -> [ZVTTLV] {
        guard depth <= maximumDepth else { throw .malformedTLV("nesting deeper than \(maximumDepth)") }
        var elements: [ZVTTLV] = []
        while !reader.isEmpty {
            let tag = try readTag(&reader)
            let length = try readLength(&reader)
            guard let content = reader.readBytes(length) else {
                throw .malformedTLV("value of tag \(String(tag, radix: 16)) shorter than its length \(length)")
            }
            if isConstructed(tag: tag) {
                var inner = ByteReader(content)
                elements.append(.constructed(tag, try parseList(&inner, depth: depth + 1)))
            } else {
                elements.append(.primitive(tag, content))
            }
        }
        return elements
    }

    private static func readTag(_ reader: inout ByteReader) throws(ZVTProtocolError) -> UInt32 {
        guard let first = reader.readByte() else { throw .malformedTLV("missing tag") }
        var tag = UInt32(first)
        guard first & 0x1F == 0x1F else { return tag }
        for _ in 0..<2 {
            guard let next = reader.readByte() else { throw .malformedTLV("truncated multi-byte tag") }
            tag = tag << 8 | UInt32(next)
            if next & 0x80 == 0 { return tag }
        }
        throw .malformedTLV("tag longer than 3 bytes")
    }

    /// Reads a BER length (`xx`, `81 xx` or `82 xx xx`).
    static func readLength(_ reader: inout ByteReader) throws(ZVTProtocolError) -> Int {
        guard let first = reader.readByte() else { throw .malformedTLV("missing length") }
        switch first {
        case 0x00..<0x80:
            return Int(first)
        case 0x81:
            guard let byte = reader.readByte() else { throw .malformedTLV("truncated length") }
            return Int(byte)
        case 0x82:
            guard let bytes = reader.readBytes(2) else { throw .malformedTLV("truncated length") }
            return Int(bytes[0]) << 8 | Int(bytes[1])
        default:
            throw .malformedTLV("unsupported length form \(HexBytes.string([first]))")
        }
    }
}

// MARK: - Encoding

extension ZVTTLV {
    /// The element's bytes: tag, BER length, value.
    public func encoded() -> [UInt8] {
        let content: [UInt8] = switch value {
        case .primitive(let bytes): bytes
        case .constructed(let children): children.flatMap { $0.encoded() }
        }
        return Self.tagBytes(tag) + Self.lengthBytes(content.count) + content
    }

    /// The bytes of a list of elements, without the `06` BMP and its length.
    public static func encodeList(_ elements: [ZVTTLV]) -> [UInt8] {
        elements.flatMap { $0.encoded() }
    }

    /// The whole BMP `06` field: `06`, BER length, elements.
    public static func encodeContainer(_ elements: [ZVTTLV]) -> [UInt8] {
        let content = encodeList(elements)
        return [0x06] + lengthBytes(content.count) + content
    }

    static func tagBytes(_ tag: UInt32) -> [UInt8] {
        if tag > 0xFFFF { return [UInt8(tag >> 16), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)] }
        if tag > 0xFF { return [UInt8(tag >> 8), UInt8(tag & 0xFF)] }
        return [UInt8(tag)]
    }

    static func lengthBytes(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        if length <= 0xFF { return [0x81, UInt8(length)] }
        return [0x82, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
    }
}
