import Localization
import POSFoundation
import Storage

/// Why a customer could not be found or attached.
public enum CustomerError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// No customer in the local copy matches.
    case notFound(String, knownCustomers: Int)
    /// Several customers match; the text must name one.
    case ambiguous(String, matches: [CustomerSummary])
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .notFound(let text, _): L10n.tr("error.customer.notFound", ["text": text])
        case .ambiguous(let text, let matches):
            L10n.tr("error.customer.ambiguous", [
                "count": String(matches.count), "text": text,
                "matches": matches.prefix(5).map { "#\($0.id) \($0.displayName)" }.joined(separator: ", ")
                    + (matches.count > 5 ? ", …" : ""),
            ])
        case .storage(let error): L10n.tr("error.customer.storage", ["clause": error.clause])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .notFound(_, let known):
            L10n.tr(known == 0 ? "error.customer.notFound.none.hint" : "error.customer.notFound.hint")
        case .ambiguous: L10n.tr("error.customer.ambiguous.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.customer.storage.hint"))
        }
    }
}
