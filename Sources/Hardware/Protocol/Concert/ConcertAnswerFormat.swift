/// Which answer the terminal sends back: the full one with the card report, or the short one.
///
/// Related spec: reference/concert.md, request field "answer flag | 1 | `1` full answer, `0` short";
/// "Total frame size 83 bytes (full) or 28 (short)".
public enum ConcertAnswerFormat: Character, Hashable, Sendable, CaseIterable {
    /// The 80-byte answer that includes the 55-byte report (card number and other card data).
    case full = "1"
    /// The 25-byte answer without the report.
    case short = "0"

    /// The answer's payload length for this format (frame size less `STX`, `ETX` and LRC).
    public var answerPayloadLength: Int {
        switch self {
        case .full: 80
        case .short: 25
        }
    }

    var byte: UInt8 { rawValue.asciiValue ?? 0x30 }
}
