/// A streaming parser for the bytes a Concert peer sends: control characters and `STX … ETX LRC` frames.
///
/// Feed it whatever the transport delivers, in chunks of any size, then drain events until it
/// returns `nil` ("need more bytes"). A damaged frame throws a ``ConcertFrameError``; the parser has
/// then already skipped the damaged bytes, so the caller answers `NAK` and keeps draining.
///
/// ```swift
/// var parser = ConcertLinkParser()
/// parser.append(chunk)
/// while let event = try parser.nextEvent() { … }
/// ```
///
/// Resynchronisation rules:
/// - Between frames, bytes that are neither `STX` nor a link control character are line noise and are
///   dropped (counted in ``discardedByteCount``).
/// - An `STX` inside a frame starts the frame again: the sender gave up on the first copy.
/// - The byte after `ETX` is always the LRC, whatever its value (it may equal `ACK` or `STX`).
/// - A frame longer than ``maximumPayloadLength`` is dropped up to and including its LRC.
///
/// Related spec: reference/concert.md, "Link handshake" and the frame sizes (34, 80 and 25 bytes).
public struct ConcertLinkParser: Sendable {
    /// The longest payload Concert E+ defines: the full answer (83 bytes on the wire less `STX`, `ETX`, LRC).
    public static let maximumPayloadLength = 80

    private enum State: Sendable {
        case idle
        case payload
        case checksum
        case skippingOversizedPayload
        case skippingOversizedChecksum
    }

    private var state: State = .idle
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var payload: [UInt8] = []

    /// How many bytes were dropped as noise or as parts of abandoned frames since creation.
    public private(set) var discardedByteCount = 0

    /// Creates an empty parser.
    public init() {}

    /// Whether a frame has started (`STX` seen) but not yet ended with its LRC.
    public var isInsideFrame: Bool {
        state != .idle
    }

    /// Queues bytes received from the peer.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Drops every queued byte and any partial frame, as after a timeout or a reconnection.
    public mutating func reset() {
        discardedByteCount += buffer.count - readIndex + payload.count
        buffer.removeAll(keepingCapacity: true)
        readIndex = 0
        payload.removeAll(keepingCapacity: true)
        state = .idle
    }

    /// The next complete event, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``ConcertFrameError`` for a frame that arrived damaged. The parser stays usable.
    public mutating func nextEvent() throws(ConcertFrameError) -> ConcertLinkEvent? {
        defer { compactIfNeeded() }
        while readIndex < buffer.count {
            let byte = buffer[readIndex]
            readIndex += 1
            if let event = try consume(byte) {
                return event
            }
        }
        return nil
    }

    // MARK: - Private

    private mutating func consume(_ byte: UInt8) throws(ConcertFrameError) -> ConcertLinkEvent? {
        switch state {
        case .idle:
            return consumeBetweenFrames(byte)
        case .payload:
            try consumePayload(byte)
            return nil
        case .checksum:
            return try finishFrame(checksum: byte)
        case .skippingOversizedPayload:
            discardedByteCount += 1
            if byte == ConcertControlByte.endOfText.rawValue {
                state = .skippingOversizedChecksum
            } else if byte == ConcertControlByte.startOfText.rawValue {
                discardedByteCount -= 1
                startFrame()
            }
            return nil
        case .skippingOversizedChecksum:
            discardedByteCount += 1
            state = .idle
            return nil
        }
    }

    private mutating func consumeBetweenFrames(_ byte: UInt8) -> ConcertLinkEvent? {
        guard let control = ConcertControlByte(rawValue: byte) else {
            discardedByteCount += 1
            return nil
        }
        switch control {
        case .startOfText:
            startFrame()
            return nil
        case .enquiry: return .enquiry
        case .acknowledge: return .acknowledge
        case .negativeAcknowledge: return .negativeAcknowledge
        case .endOfTransmission: return .endOfTransmission
        case .endOfText:
            discardedByteCount += 1
            return nil
        }
    }

    private mutating func startFrame() {
        payload.removeAll(keepingCapacity: true)
        state = .payload
    }

    private mutating func consumePayload(_ byte: UInt8) throws(ConcertFrameError) {
        switch byte {
        case ConcertControlByte.endOfText.rawValue:
            state = .checksum
        case ConcertControlByte.startOfText.rawValue:
            discardedByteCount += payload.count + 1
            startFrame()
        default:
            guard payload.count < Self.maximumPayloadLength else {
                discardedByteCount += payload.count + 2
                payload.removeAll(keepingCapacity: true)
                state = .skippingOversizedPayload
                throw .frameTooLong(limit: Self.maximumPayloadLength)
            }
            payload.append(byte)
        }
    }

    private mutating func finishFrame(checksum received: UInt8) throws(ConcertFrameError) -> ConcertLinkEvent {
        state = .idle
        let frame = payload
        payload.removeAll(keepingCapacity: true)
        let expected = ConcertLRC.checksum(ofPayload: frame)
        guard expected == received else {
            discardedByteCount += frame.count + 3
            throw .checksumMismatch(expected: expected, received: received)
        }
        if let offset = frame.firstIndex(where: { !ConcertLinkSerializer.isPrintableASCII($0) }) {
            discardedByteCount += frame.count + 3
            throw .invalidPayloadByte(frame[offset], offset: offset)
        }
        return .frame(frame)
    }

    private mutating func compactIfNeeded() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex >= 4096 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
    }
}
