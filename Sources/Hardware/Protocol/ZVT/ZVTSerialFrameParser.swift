/// Reads the byte stream of a ZVT serial line: framed APDUs and the bare ACK and NAK bytes between them.
///
/// Feed bytes with ``append(_:)`` and take units with ``nextUnit()`` until it returns `nil`. Errors do not
/// stop the parser: it has already resynchronised and waits for the next `DLE STX`, so keep calling.
/// A ``ZVTProtocolError/badChecksum(expected:received:)`` is answered with NAK by the link layer.
///
/// Bytes outside a frame other than ACK, NAK and `DLE STX` are line noise and are skipped.
///
/// Related spec: ZVT PA00P015 serial transport; reference/zvt.md "Transport".
public struct ZVTSerialFrameParser: Sendable {
    /// One unit read from a serial line.
    public enum Unit: Hashable, Sendable {
        /// A bare `06`: the peer received our frame.
        case ack
        /// A bare `15`: the peer rejected our frame; repeat it.
        case nak
        /// A frame with a valid CRC, holding one APDU.
        case frame(ZVTAPDU)
    }

    /// The default limit on a frame's unstuffed payload.
    public static let defaultMaximumPayloadLength = ZVTAPDUParser.defaultMaximumDataLength + 5

    /// The largest unstuffed payload accepted.
    public let maximumPayloadLength: Int

    private enum State: Sendable {
        case hunting
        case huntingAfterDLE
        case inFrame
        case inFrameAfterDLE
        case crcLow
        case crcHigh(low: UInt8)
        case discardingOversize
        case discardingOversizeAfterDLE
        case skippingCRC(remaining: Int)
    }

    private var state = State.hunting
    private var buffer = ByteReader()
    private var payload: [UInt8] = []

    /// Creates a parser with an optional payload limit.
    public init(maximumPayloadLength: Int = ZVTSerialFrameParser.defaultMaximumPayloadLength) {
        self.maximumPayloadLength = maximumPayloadLength
    }

    /// Adds bytes read from the line.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next unit, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``ZVTProtocolError`` for a bad CRC, an oversize or interrupted frame, a stray control byte, or a
    ///   frame whose payload is not one APDU. The parser stays usable.
    public mutating func nextUnit() throws(ZVTProtocolError) -> Unit? {
        defer { buffer.discardReadBytes() }
        while let byte = buffer.readByte() {
            if let unit = try consume(byte) { return unit }
        }
        return nil
    }

    /// True while a frame has started and its end has not arrived: the driver runs the T1 inter-byte timer then.
    public var isInsideFrame: Bool {
        switch state {
        case .hunting, .huntingAfterDLE, .discardingOversize, .discardingOversizeAfterDLE, .skippingCRC: false
        case .inFrame, .inFrameAfterDLE, .crcLow, .crcHigh: true
        }
    }

    /// Handles the T1 inter-byte timer firing: a frame that stalled mid-way is dropped and the parser waits
    /// for the next `DLE STX`. Returns true if a partial frame was dropped (answer it with NAK).
    @discardableResult
    public mutating func interByteTimeoutElapsed() -> Bool {
        let wasInside = isInsideFrame
        reset()
        return wasInside
    }

    // MARK: - Byte machine

    private mutating func consume(_ byte: UInt8) throws(ZVTProtocolError) -> Unit? {
        typealias S = ZVTSerialFrameSerializer
        switch state {
        case .hunting:
            switch byte {
            case S.ack: return .ack
            case S.nak: return .nak
            case S.dle: state = .huntingAfterDLE
            default: break
            }
        case .huntingAfterDLE:
            if byte == S.stx {
                startFrame()
            } else if byte != S.dle {
                state = .hunting
            }
        case .inFrame:
            if byte == S.dle {
                state = .inFrameAfterDLE
            } else {
                try appendPayload(byte)
            }
        case .inFrameAfterDLE:
            switch byte {
            case S.dle:
                state = .inFrame
                try appendPayload(S.dle)
            case S.etx:
                state = .crcLow
            case S.stx:
                startFrame()
                throw .frameInterrupted
            default:
                reset()
                throw .unexpectedControlByte(byte)
            }
        case .crcLow:
            state = .crcHigh(low: byte)
        case .crcHigh(let low):
            let received = UInt16(low) | UInt16(byte) << 8
            let bytes = payload
            reset()
            var crc = CRC16Kermit()
            crc.update(bytes)
            crc.update(S.etx)
            guard crc.value == received else { throw .badChecksum(expected: crc.value, received: received) }
            return .frame(try ZVTAPDU.decode(bytes))
        case .discardingOversize:
            if byte == S.dle { state = .discardingOversizeAfterDLE }
        case .discardingOversizeAfterDLE:
            switch byte {
            case S.stx: startFrame()
            case S.etx: state = .skippingCRC(remaining: 2)
            default: state = .discardingOversize
            }
        case .skippingCRC(let remaining):
            state = remaining > 1 ? .skippingCRC(remaining: remaining - 1) : .hunting
        }
        return nil
    }

    private mutating func startFrame() {
        payload.removeAll(keepingCapacity: true)
        state = .inFrame
    }

    private mutating func appendPayload(_ byte: UInt8) throws(ZVTProtocolError) {
        guard payload.count < maximumPayloadLength else {
            payload.removeAll()
            state = .discardingOversize
            throw .frameTooLong(maximum: maximumPayloadLength)
        }
        payload.append(byte)
    }

    private mutating func reset() {
        payload.removeAll(keepingCapacity: true)
        state = .hunting
    }
}
