import Localization
import Networking
import POSFoundation
import Storage

/// Why a receipt could not be emailed, with what to do.
public enum OrderEmailError: UserFacingError, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// The address does not look like one.
    case invalidAddress(String)
    /// No such order on this counter.
    case orderNotFound(String)
    /// The order has not reached the store yet, so the store cannot email it.
    case notSyncedYet(Int64)
    /// The store cannot be reached now.
    case offline(String)
    /// The store refused (an old WooCommerce without order actions, a rejected address…).
    case refused(String)
    /// The demo store has no site to send mail.
    case demo
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .invalidAddress(let text): L10n.tr("error.email.invalidAddress", ["address": text])
        case .orderNotFound(let reference): L10n.tr("error.email.orderNotFound", ["reference": reference])
        case .notSyncedYet(let number): L10n.tr("error.email.notSyncedYet", ["order": String(number)])
        case .offline(let detail): L10n.tr("error.email.offline", ["detail": detail])
        case .refused(let detail): L10n.tr("error.email.refused", ["detail": detail])
        case .demo: L10n.tr("error.email.demo")
        case .storage(let error): L10n.tr("error.email.storage", ["clause": error.clause])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .invalidAddress: L10n.tr("error.email.invalidAddress.hint")
        case .orderNotFound: L10n.tr("error.email.orderNotFound.hint")
        case .notSyncedYet: L10n.tr("error.email.notSyncedYet.hint")
        case .offline: L10n.tr("error.email.offline.hint")
        case .refused: L10n.tr("error.email.refused.hint")
        case .demo: L10n.tr("error.email.demo.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.email.storage.hint"))
        }
    }
}
