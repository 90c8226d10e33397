/// One thing the Concert link parser recognised on the line.
///
/// A frame's payload has passed its LRC check and holds printable ASCII only; the application layer
/// (``ConcertRequest``, ``ConcertAnswer``) decodes it.
public enum ConcertLinkEvent: Hashable, Sendable {
    /// `ENQ`: the peer asks for the line.
    case enquiry
    /// `ACK`: the peer granted the line or accepted the last frame.
    case acknowledge
    /// `NAK`: the peer received the last frame damaged and asks for it again.
    case negativeAcknowledge
    /// `EOT`: the peer ends its turn.
    case endOfTransmission
    /// A complete frame with a correct LRC; the payload excludes `STX`, `ETX` and the LRC.
    case frame([UInt8])
}

extension ConcertLinkEvent: CustomStringConvertible {
    /// A short name for traces; a frame shows only its length, never its content (it may hold card data).
    public var description: String {
        switch self {
        case .enquiry: "ENQ"
        case .acknowledge: "ACK"
        case .negativeAcknowledge: "NAK"
        case .endOfTransmission: "EOT"
        case .frame(let payload): "frame(\(payload.count) bytes)"
        }
    }
}
