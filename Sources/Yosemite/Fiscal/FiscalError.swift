import Foundation
import Localization
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
        case let .outage(outage): L10n.tr("error.fiscal.outage", ["cause": outage.causeText()])
        case .unauthorized: L10n.tr("error.fiscal.unauthorized")
        case let .rejected(reason): L10n.tr("error.fiscal.rejected", ["reason": reason])
        case .notConfigured: L10n.tr("error.fiscal.notConfigured")
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .outage: L10n.tr("error.fiscal.outage.hint")
        case .unauthorized: L10n.tr("error.fiscal.unauthorized.hint")
        case .rejected: L10n.tr("error.fiscal.rejected.hint")
        case .notConfigured: L10n.tr("error.fiscal.notConfigured.hint")
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
    /// What failed, as stored: a ``FiscalCause`` code (its ``FiscalCause/stored`` form), or, from before codes, words.
    /// ``causeText(in:)`` renders it.
    public var cause: String

    public init(since: Date, cause: String) {
        self.since = since
        self.cause = cause
    }
}
