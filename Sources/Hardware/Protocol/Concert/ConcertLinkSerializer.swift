/// Writes Concert link-layer bytes: single control characters and `STX payload ETX LRC` frames.
///
/// ```swift
/// let bytes = try ConcertLinkSerializer.frame(payload: request.encoded())
/// ```
///
/// Related spec: reference/concert.md, "Link handshake".
public enum ConcertLinkSerializer {
    /// One control character on its own, such as `ENQ`, `ACK`, `NAK` or `EOT`.
    public static func control(_ control: ConcertControlByte) -> [UInt8] {
        [control.rawValue]
    }

    /// A complete frame: `STX`, the payload, `ETX` and the LRC.
    ///
    /// - Parameter payload: Printable ASCII, at most ``ConcertLinkParser/maximumPayloadLength`` bytes.
    /// - Returns: The bytes to write to the line.
    /// - Throws: ``ConcertFrameError/frameTooLong(limit:)`` or ``ConcertFrameError/invalidPayloadByte(_:offset:)``,
    ///   since a frame the peer cannot parse must never leave.
    public static func frame(payload: [UInt8]) throws(ConcertFrameError) -> [UInt8] {
        guard payload.count <= ConcertLinkParser.maximumPayloadLength else {
            throw .frameTooLong(limit: ConcertLinkParser.maximumPayloadLength)
        }
        if let offset = payload.firstIndex(where: { !isPrintableASCII($0) }) {
            throw .invalidPayloadByte(payload[offset], offset: offset)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 3)
        bytes.append(ConcertControlByte.startOfText.rawValue)
        bytes.append(contentsOf: payload)
        bytes.append(ConcertControlByte.endOfText.rawValue)
        bytes.append(ConcertLRC.checksum(ofPayload: payload))
        return bytes
    }

    /// Whether a byte may appear in a payload: printable ASCII, space to tilde.
    static func isPrintableASCII(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte)
    }
}
