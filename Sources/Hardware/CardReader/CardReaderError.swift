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
        switch underlying {
        case .declined where phase == .authorization || phase == .cardRead:
            return "Payment declined: \(reason ?? "the terminal declined it.")"
        case .declined, .rejected:
            return "\(phase.failureTitle): \(reason ?? "the terminal refused it.")"
        case .aborted:
            return "\(phase.failureTitle): cancelled."
        case .timedOut:
            return "\(phase.failureTitle): the terminal did not answer in time."
        case .transportFailed:
            if let transportError { return "\(phase.failureTitle): \(transportError.message)" }
            return "\(phase.failureTitle): the connection to the terminal was lost."
        case .protocolViolation:
            return "\(phase.failureTitle): the terminal sent an unexpected message."
        case .busy:
            return "\(phase.failureTitle): the terminal is busy with another operation."
        }
    }

    public var recoverySuggestion: String {
        if underlying == .transportFailed, let transportError { return transportError.recoverySuggestion }
        return switch nextStep {
        case .noAction: ""
        case .retry: "Try again."
        case .useOtherCard: "Ask for another card or another means of payment."
        case .checkTerminal: "Check the terminal (power, cable, network, paper), then try again."
        case .callSupport: "Call the terminal's support."
        }
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        if text.hasPrefix("The ") || text.hasPrefix("This ") { return first.lowercased() + text.dropFirst() }
        return text
    }
}

extension CardReaderError.Phase {
    /// The headline of a failure in this phase.
    public var failureTitle: String {
        switch self {
        case .connection: "Card terminal not connected"
        case .registration: "Card terminal setup failed"
        case .cardRead: "Card not read"
        case .authorization: "Payment failed"
        case .completion: "Payment not completed"
        case .refund: "Refund failed"
        case .reversal: "Reversal failed"
        case .endOfDay: "End of day failed"
        case .status: "Terminal status failed"
        case .print: "Terminal receipt not printed"
        }
    }
}
