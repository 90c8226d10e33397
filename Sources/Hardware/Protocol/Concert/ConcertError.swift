import Localization
import POSFoundation

/// Why a Concert session failed or ended without a known outcome, and in which phase.
///
/// A struct with an extensible ``Code`` so that drivers and the integrator can match on codes while new
/// ones are added; ``phase`` tells how far the exchange got, which decides whether money may have moved.
/// The description never contains card data.
public struct ConcertError: Error, Hashable, Sendable {
    /// How far the exchange had got when it went wrong.
    public enum Phase: String, Hashable, Sendable {
        /// ENQ/ACK: the terminal had not yet granted the line; nothing was sent.
        case handshake
        /// The request frame was on its way; the terminal had not yet acknowledged it.
        case requestDelivery
        /// The terminal had accepted the request; the ECR waited for its answer.
        case awaitingAnswer
        /// The terminal was sending its answer.
        case answerReception
    }

    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// A stable identifier such as `"terminalNotResponding"`.
        public let rawValue: String

        /// Creates a code.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The terminal never granted the line (no `ACK` to `ENQ`, or `NAK`) within the allowed attempts.
        public static let terminalNotResponding = Code(rawValue: "terminalNotResponding")
        /// The terminal answered `NAK` to every copy of the request.
        public static let requestRejected = Code(rawValue: "requestRejected")
        /// The transport (tty, USB) failed or was closed.
        public static let transportFailed = Code(rawValue: "transportFailed")
        /// The ECR cancelled before the request left.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The request frame was not acknowledged; the terminal may have received it.
        public static let requestUnacknowledged = Code(rawValue: "requestUnacknowledged")
        /// The terminal accepted the request but no answer came in time.
        public static let answerTimedOut = Code(rawValue: "answerTimedOut")
        /// The answer arrived damaged or undecodable after every retransmission.
        public static let answerUnreadable = Code(rawValue: "answerUnreadable")
        /// The answer's result character is none the protocol defines.
        public static let unrecognizedStatus = Code(rawValue: "unrecognizedStatus")
        /// A session was started while another one was running.
        public static let sessionBusy = Code(rawValue: "sessionBusy")
    }

    /// What went wrong.
    public let code: Code
    /// How far the exchange had got.
    public let phase: Phase
    /// A technical cause for logs (a frame error, an errno text); never card data.
    public let underlying: String?

    /// Creates an error.
    public init(code: Code, phase: Phase, underlying: String? = nil) {
        self.code = code
        self.phase = phase
        self.underlying = underlying
    }

    /// Whether the terminal may have charged the card: the request had left the ECR.
    public var mayHaveCharged: Bool {
        phase != .handshake
    }
}

// MARK: - UserFacingError

extension ConcertError: UserFacingError {
    /// What happened, for the cashier.
    public var message: String {
        switch code {
        case .terminalNotResponding: L10n.tr("error.concert.terminalNotResponding")
        case .requestRejected: L10n.tr("error.concert.requestRejected")
        case .transportFailed where mayHaveCharged: L10n.tr("error.concert.transportFailed.duringPayment")
        case .transportFailed: L10n.tr("error.concert.transportFailed")
        case .cancelled: L10n.tr("error.concert.cancelled")
        case .requestUnacknowledged: L10n.tr("error.concert.requestUnacknowledged")
        case .answerTimedOut: L10n.tr("error.concert.answerTimedOut")
        case .answerUnreadable: L10n.tr("error.concert.answerUnreadable")
        case .unrecognizedStatus: L10n.tr("error.concert.unrecognizedStatus")
        case .sessionBusy: L10n.tr("error.concert.sessionBusy")
        default: L10n.tr("error.concert.other", ["code": code.rawValue])
        }
    }

    /// What to do next; when money may have moved, never "try again".
    public var recoverySuggestion: String {
        if mayHaveCharged { return L10n.tr("error.concert.mayHaveCharged.hint") }
        switch code {
        case .terminalNotResponding: return L10n.tr("error.concert.terminalNotResponding.hint")
        case .sessionBusy: return L10n.tr("error.concert.sessionBusy.hint")
        default: return L10n.tr("error.concert.retry.hint")
        }
    }

    /// A one-line summary for logs: code, phase and cause.
    public var description: String {
        let cause = underlying.map { " (\($0))" } ?? ""
        let summary = "Concert \(code.rawValue) during \(phase.rawValue)\(cause)"
        return summary
    }
}
