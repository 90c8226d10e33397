/// The transaction result in a Concert answer (1 character).
///
/// Related spec: reference/concert.md, "result (1: `0` success, `7` rejected, `9` not verified or not done)".
public enum ConcertAnswerStatus: Hashable, Sendable {
    /// `0`: the transaction went through; the customer paid (or was credited).
    case approved
    /// `7`: the card or the issuer refused the transaction.
    case declined
    /// `9`: the transaction was not carried out (cancelled on the terminal, timed out, not verified).
    case notCompleted
    /// Any other character. The session treats it as an unknown outcome, never as paid or unpaid.
    case unrecognized(Character)

    /// Creates the status for a wire character.
    public init(code: Character) {
        switch code {
        case "0": self = .approved
        case "7": self = .declined
        case "9": self = .notCompleted
        default: self = .unrecognized(code)
        }
    }

    /// The wire character.
    public var code: Character {
        switch self {
        case .approved: "0"
        case .declined: "7"
        case .notCompleted: "9"
        case .unrecognized(let code): code
        }
    }

    /// What the status means, for a cashier or a log.
    public var meaning: String {
        switch self {
        case .approved: "approved"
        case .declined: "declined by the card or its bank"
        case .notCompleted: "not carried out (cancelled, timed out or not verified)"
        case .unrecognized: "unrecognized result"
        }
    }
}
