import Foundation
import POSFoundation

/// Why a TSE call failed.
///
/// ``outage(_:)`` is the one the checkout records and sells through (§146a AO: selling goes on, the receipt says
/// the TSE failed, the outage is logged with start, end and cause, and the sale is never signed later). The other
/// cases are set-up errors a person must fix before the till can sign.
public enum FiscalError: UserFacingError, Hashable {
    /// The TSE cannot be reached or did not answer (network down, timeout, 5xx, simulator switched off).
    case outage(FiscalOutage)
    /// The TSE refused the credentials (fiskaly API key/secret wrong or revoked).
    case unauthorized
    /// The TSE refused the request: a state or configuration problem (TSS not initialised, client not registered,
    /// revision conflict). `reason` is the TSE's own text.
    case rejected(reason: String)
    /// No TSE is configured for this till.
    case notConfigured

    public var message: String {
        switch self {
        case let .outage(outage): "The TSE failed: \(outage.cause)."
        case .unauthorized: "fiskaly refused the API key and secret."
        case let .rejected(reason): "The TSE refused the transaction: \(reason)."
        case .notConfigured: "No TSE is set up for this till."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .outage: "Selling goes on; the receipt says the TSE failed and the outage is recorded."
        case .unauthorized: "Check the fiskaly API key and secret in the fiscal settings."
        case .rejected: "Check the TSS and client ids and the TSS state at fiskaly (run `pos fiscal status`)."
        case .notConfigured: "Set the TSS id, client id and register serial in the fiscal settings."
        }
    }

    /// The outage, when this is one.
    public var outage: FiscalOutage? {
        if case let .outage(outage) = self { outage } else { nil }
    }
}

/// A TSE outage as the checkout records it: when it was noticed and why.
public struct FiscalOutage: Sendable, Hashable, Codable {
    /// When the failing call was made.
    public var since: Date
    /// What failed, in words for the receipt and the log ("no answer from fiskaly in 10 s").
    public var cause: String

    public init(since: Date, cause: String) {
        self.since = since
        self.cause = cause
    }
}
