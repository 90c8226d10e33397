/// A message for the cardholder or cashier while the terminal works ("Insert card", "Enter PIN").
public struct CardReaderPrompt: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of step the terminal is at, for icons and for deciding what the counter shows.
    public enum Kind: String, Hashable, Sendable, Codable {
        case insertCard, removeCard, pinEntry, pleaseWait, processing, declined, approved, cardProblem, information
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
