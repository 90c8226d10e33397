/// The ASCII control characters of the Concert link layer.
///
/// The ECR and the payment terminal (PT) take turns on the line: the side that has something to
/// say sends `ENQ`, waits for `ACK`, sends one `STX … ETX LRC` frame, waits for `ACK` (or `NAK`,
/// and then sends the frame again) and ends its turn with `EOT`.
///
/// Related spec: reference/concert.md, "Link handshake".
public enum ConcertControlByte: UInt8, Hashable, Sendable, CaseIterable {
    /// Start of text: opens a frame.
    case startOfText = 0x02
    /// End of text: closes a frame's payload; the LRC byte follows it.
    case endOfText = 0x03
    /// End of transmission: the sender gives the line back.
    case endOfTransmission = 0x04
    /// Enquiry: the sender asks for the line.
    case enquiry = 0x05
    /// Acknowledge: the line is granted, or the frame arrived intact.
    case acknowledge = 0x06
    /// Negative acknowledge: the frame arrived damaged; send it again.
    case negativeAcknowledge = 0x15
}

extension ConcertControlByte: CustomStringConvertible {
    /// The ASCII name: `STX`, `ETX`, `EOT`, `ENQ`, `ACK` or `NAK`.
    public var description: String {
        switch self {
        case .startOfText: "STX"
        case .endOfText: "ETX"
        case .endOfTransmission: "EOT"
        case .enquiry: "ENQ"
        case .acknowledge: "ACK"
        case .negativeAcknowledge: "NAK"
        }
    }
}
