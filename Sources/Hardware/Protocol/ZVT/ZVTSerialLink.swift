/// The link layer of a ZVT serial line: ACK or NAK for every frame, and up to three repeats of a frame the
/// peer rejected or did not acknowledge in time.
///
/// A pure state machine: one `mutating func` per event, each returning the ``Action``s the driver performs
/// (write bytes, start or cancel the acknowledge timer, hand an APDU up, report that a frame got through).
///
/// ```swift
/// var link = ZVTSerialLink()
/// perform(try link.send(apdu))                 // write frame, start the ACK timer
/// for unit in units { perform(link.received(unit)) }
/// ```
///
/// Related spec: ZVT PA00P015 serial transport ("a NAK or bad CRC makes the sender repeat");
/// reference/zvt.md "Transport".
public struct ZVTSerialLink: Sendable {
    /// What the driver does next.
    public enum Action: Hashable, Sendable {
        /// Write these bytes to the line.
        case write([UInt8])
        /// Start (or restart) the acknowledge timer.
        case startAcknowledgeTimer(Duration)
        /// Cancel the acknowledge timer.
        case cancelAcknowledgeTimer
        /// A frame from the peer arrived intact: pass its APDU to the transaction layer.
        case deliver(ZVTAPDU)
        /// Our frame was acknowledged.
        case delivered
        /// Our frame was rejected or unanswered ``maximumRepeats`` + 1 times: the line is unusable.
        case failed(attempts: Int)
        /// The peer answered every one of the ``maximumRepeats`` + 1 copies of our frame with NAK: it never took
        /// the frame (a NAK'd frame is discarded), and the line is unusable.
        case refused(attempts: Int)
        /// A frame from the peer was lost: it stopped mid-way (T1) or arrived damaged, and was answered with NAK.
        /// Tell the transaction layer (``ZVTTransactionStateMachine/messageCutShort(silentFor:)``): the peer has
        /// been silent for `silentFor`, and its message may never come. A repeat after the NAK is a new message.
        case frameLost(silentFor: Duration)
    }

    /// How often a frame is repeated after a NAK or a missing ACK.
    public static let maximumRepeats = 3

    /// How long to wait for the peer's ACK or NAK.
    public let acknowledgeTimeout: Duration

    private var pending: (frame: [UInt8], attempts: Int, everyCopyRefused: Bool)?

    /// Creates a link layer; the acknowledge timeout defaults to ZVT's T3.
    public init(acknowledgeTimeout: Duration = ZVTTimeouts.standard.acknowledge) {
        self.acknowledgeTimeout = acknowledgeTimeout
    }

    /// True while a sent frame waits for its ACK.
    public var isAwaitingAcknowledge: Bool { pending != nil }

    /// Sends an APDU in a frame.
    ///
    /// - Throws: ``ZVTProtocolError/apduTooLong(length:maximum:)`` if the APDU cannot be encoded.
    public mutating func send(_ apdu: ZVTAPDU) throws(ZVTProtocolError) -> [Action] {
        let frame = try ZVTSerialFrameSerializer.frame(apdu)
        pending = (frame, 1, true)
        return [.write(frame), .startAcknowledgeTimer(acknowledgeTimeout)]
    }

    /// Handles one unit read by ``ZVTSerialFrameParser``.
    public mutating func received(_ unit: ZVTSerialFrameParser.Unit) -> [Action] {
        switch unit {
        case .ack:
            guard pending != nil else { return [] }
            pending = nil
            return [.cancelAcknowledgeTimer, .delivered]
        case .nak:
            return repeatPending(refused: true)
        case .frame(let apdu):
            return [.write([ZVTSerialFrameSerializer.ack]), .deliver(apdu)]
        }
    }

    /// Handles a frame the parser rejected: a bad CRC or a malformed frame (an APDU whose length field promises
    /// more bytes than the frame holds) is answered with NAK, and reported lost.
    public mutating func receiveFailed(_ error: ZVTProtocolError) -> [Action] {
        switch error {
        case .frameInterrupted:
            return []  // the interrupted frame is repeated by the peer after its own timeout
        default:
            return [.write([ZVTSerialFrameSerializer.nak]), .frameLost(silentFor: .zero)]
        }
    }

    /// Handles a frame that stopped mid-way: no byte for T1 (``ZVTSerialFrameParser/interByteTimeoutElapsed()``
    /// returned true). It is answered with NAK and reported lost, the peer silent for `gap` already.
    public mutating func frameStalled(silentFor gap: Duration) -> [Action] {
        [.write([ZVTSerialFrameSerializer.nak]), .frameLost(silentFor: gap)]
    }

    /// Handles the acknowledge timer firing.
    public mutating func acknowledgeTimerFired() -> [Action] {
        repeatPending(refused: false)
    }

    private mutating func repeatPending(refused: Bool) -> [Action] {
        guard let current = pending else { return [] }
        let everyCopyRefused = current.everyCopyRefused && refused
        guard current.attempts <= Self.maximumRepeats else {
            pending = nil
            let outcome = everyCopyRefused ? Action.refused(attempts: current.attempts) : .failed(attempts: current.attempts)
            return [.cancelAcknowledgeTimer, outcome]
        }
        pending = (current.frame, current.attempts + 1, everyCopyRefused)
        return [.write(current.frame), .startAcknowledgeTimer(acknowledgeTimeout)]
    }
}
