/// Splits the byte stream of a ZVT TCP connection into APDUs.
///
/// Over TCP, APDUs follow each other with no framing, so the length field is the only boundary. Feed the
/// bytes as they arrive with ``append(_:)`` and take APDUs with ``nextAPDU()`` until it returns `nil`.
///
/// ```swift
/// var parser = ZVTAPDUParser()
/// parser.append(chunk)
/// while let apdu = try parser.nextAPDU() { handle(apdu) }
/// ```
///
/// A length above ``maximumDataLength`` throws ``ZVTProtocolError/apduTooLong(length:maximum:)``. A bare
/// stream cannot resynchronise after that, so the driver closes the connection.
///
/// Related spec: ZVT PA00P015 chapter 2 "APDU over TCP/IP"; reference/zvt.md "Transport".
public struct ZVTAPDUParser: Sendable {
    /// The default data-length limit: a full receipt as a 06 D3 text block fits several times over.
    public static let defaultMaximumDataLength = 16 * 1024

    /// The largest data length accepted.
    public let maximumDataLength: Int

    private var buffer = ByteReader()

    /// Creates a parser with an optional data-length limit.
    public init(maximumDataLength: Int = ZVTAPDUParser.defaultMaximumDataLength) {
        self.maximumDataLength = min(maximumDataLength, ZVTAPDU.maximumEncodableDataLength)
    }

    /// How many received bytes are not yet part of a returned APDU.
    public var bufferedByteCount: Int { buffer.readableBytes }

    /// True while bytes of an APDU that is not complete yet are buffered: the driver runs its frame-completion
    /// timer then (``ZVTTimeouts/frameCompletionLimit``).
    public var isInsideAPDU: Bool { buffer.readableBytes > 0 }

    /// Handles the frame-completion timer firing: the incomplete APDU was cut short (its length field promised
    /// more than came), so its bytes are dropped and the next byte starts a new APDU. Returns true if bytes were
    /// dropped.
    @discardableResult
    public mutating func frameCompletionTimeoutElapsed() -> Bool {
        guard isInsideAPDU else { return false }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        buffer.discardReadBytes()
        return true
    }

    /// Adds bytes received from the connection.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete APDU, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``ZVTProtocolError/apduTooLong(length:maximum:)`` when the declared length exceeds the limit.
    public mutating func nextAPDU() throws(ZVTProtocolError) -> ZVTAPDU? {
        guard let header = ZVTAPDU.peekHeader(buffer) else { return nil }
        guard header.dataLength <= maximumDataLength else {
            throw .apduTooLong(length: header.dataLength, maximum: maximumDataLength)
        }
        guard buffer.readableBytes >= header.headerLength + header.dataLength,
              let classByte = buffer.readByte(), let instruction = buffer.readByte()
        else { return nil }
        buffer.moveReaderIndex(forwardBy: header.headerLength - 2)
        let data = buffer.readBytes(header.dataLength) ?? []
        buffer.discardReadBytes()
        return ZVTAPDU(class: classByte, instruction: instruction, data: data)
    }
}
