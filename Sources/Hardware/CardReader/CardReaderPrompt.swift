/// A message for the cardholder or cashier while the terminal works ("Insert card", "Enter PIN").
public struct CardReaderPrompt: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of step the terminal is at, for icons and for deciding what the counter shows.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Insert, tap or swipe the card.
        case insertCard
        /// Take the card out.
        case removeCard
        /// Enter the PIN or watch the PIN pad.
        case pinEntry
        /// Wait.
        case pleaseWait
        /// The terminal is talking to its host.
        case processing
        /// Declined or not accepted.
        case declined
        /// Approved.
        case approved
        /// The card cannot be used as presented.
        case cardProblem
        /// Anything else.
        case information
    }

    /// The kind of step.
    public var kind: Kind
    /// The text to show.
    public var text: String
    /// The terminal's status code (ZVT 04 FF status byte), for the log.
    public var statusCode: UInt8?

    /// Creates a prompt.
    public init(kind: Kind, text: String, statusCode: UInt8? = nil) {
        self.kind = kind
        self.text = text
        self.statusCode = statusCode
    }

    public var description: String { text }
}
