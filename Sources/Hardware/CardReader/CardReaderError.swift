import Localization
import POSFoundation

/// A failed card-reader interaction, tagged with the phase that failed, the terminal's result code when it
/// sent one, and the underlying cause.
///
/// Descriptions never contain card data: the error holds none.
///
/// ```swift
/// CardReaderError(phase: .authorization, resultCode: .cardExpired, underlying: .declined)
///     .message   // "Payment declined: the card has expired."
/// ```
public struct CardReaderError: UserFacingError, Hashable {
    /// Which interaction failed.
    public enum Phase: String, Hashable, Sendable, Codable {
        /// Connecting to the terminal.
        case connection
        /// Registering with the terminal (06 00) or logging off.
        case registration
        /// Reading the card (not readable, expired, unknown).
        case cardRead
        /// Authorising a payment (06 01).
        case authorization
        /// Finishing a transaction after the terminal's result.
        case completion
        /// A refund (06 31).
        case refund
        /// A reversal (06 30).
        case reversal
        /// End of day (06 50).
        case endOfDay
        /// Status enquiry or diagnosis (05 01, 06 70).
        case status
        /// Printing or repeating the terminal's receipt (06 20).
        case print
    }

    /// Why it failed.
    public enum Cause: Hashable, Sendable {
        /// The terminal declined or aborted with a result code.
        case declined
        /// The operation was cancelled (on the terminal or from the counter).
        case aborted
        /// The terminal did not answer in time.
        case timedOut
        /// The connection to the terminal failed.
        case transportFailed
        /// The terminal refused the command with a negative acknowledgement (`84 xx`).
        case rejected
        /// The terminal sent something the protocol does not allow here.
        case protocolViolation(ZVTProtocolError)
        /// Another operation is still running.
        case busy
    }

    /// The phase that failed.
    public let phase: Phase
    /// The terminal's result code, if it sent one.
    public let resultCode: ZVTResultCode?
    /// The underlying cause.
    public let underlying: Cause
    /// The transport's own error when the line failed (permission denied, not found, unplugged…): it says
    /// what to do better than "connection lost" can.
    public let transportError: TransportError?

    /// Creates an error.
    public init(phase: Phase, resultCode: ZVTResultCode? = nil, underlying: Cause, transportError: TransportError? = nil) {
        self.phase = phase
        self.resultCode = resultCode
        self.underlying = underlying
        self.transportError = transportError
    }

    /// What the cashier does next.
    public var nextStep: ZVTResultCode.NextStep {
        if let resultCode { return resultCode.nextStep }
        switch underlying {
        case .declined: return .useOtherCard
        case .aborted, .busy: return .retry
        case .timedOut, .transportFailed: return .checkTerminal
        case .rejected, .protocolViolation: return .callSupport
        }
    }

    // MARK: - UserFacingError

    public var message: String {
        let reason = resultCode.map { Self.lowercasedFirst($0.meaning) }
        let title = phase.failureTitle
        switch underlying {
        case .declined where phase == .authorization || phase == .cardRead:
            return L10n.tr("error.cardReader.declined", ["reason": reason ?? L10n.tr("error.cardReader.declined.reason")])
        case .declined, .rejected:
            return L10n.tr("error.cardReader.failed", ["title": title, "reason": reason ?? L10n.tr("error.cardReader.refused.reason")])
        case .aborted:
            return L10n.tr("error.cardReader.aborted", ["title": title])
        case .timedOut:
            return L10n.tr("error.cardReader.timedOut", ["title": title])
        case .transportFailed:
            if let transportError { return L10n.tr("error.cardReader.failed", ["title": title, "reason": transportError.message]) }
            return L10n.tr("error.cardReader.connectionLost", ["title": title])
        case .protocolViolation:
            return L10n.tr("error.cardReader.protocolViolation", ["title": title])
        case .busy:
            return L10n.tr("error.cardReader.busy", ["title": title])
        }
    }

    public var recoverySuggestion: String {
        if underlying == .transportFailed, let transportError { return transportError.recoverySuggestion }
        return switch nextStep {
        case .noAction: ""
        case .retry: L10n.tr("error.cardReader.retry.hint")
        case .useOtherCard: L10n.tr("error.cardReader.useOtherCard.hint")
        case .checkTerminal: L10n.tr("error.cardReader.checkTerminal.hint")
        case .callSupport: L10n.tr("error.cardReader.callSupport.hint")
        }
    }

    /// "The card has expired." as the clause after "Payment declined: "; German keeps the capital (a whole sentence
    /// after a colon starts with one).
    private static func lowercasedFirst(_ text: String) -> String {
        guard L10n.screen.language == .english, let first = text.first else { return text }
        if text.hasPrefix("The ") || text.hasPrefix("This ") { return first.lowercased() + text.dropFirst() }
        return text
    }
}

extension CardReaderError.Phase {
    /// The headline of a failure in this phase.
    public var failureTitle: String {
        switch self {
        case .connection: L10n.tr("error.cardReader.phase.connection")
        case .registration: L10n.tr("error.cardReader.phase.registration")
        case .cardRead: L10n.tr("error.cardReader.phase.cardRead")
        case .authorization: L10n.tr("error.cardReader.phase.authorization")
        case .completion: L10n.tr("error.cardReader.phase.completion")
        case .refund: L10n.tr("error.cardReader.phase.refund")
        case .reversal: L10n.tr("error.cardReader.phase.reversal")
        case .endOfDay: L10n.tr("error.cardReader.phase.endOfDay")
        case .status: L10n.tr("error.cardReader.phase.status")
        case .print: L10n.tr("error.cardReader.phase.print")
        }
    }
}
