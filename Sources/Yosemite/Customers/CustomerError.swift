import POSFoundation
import Storage

/// Why a customer could not be found or attached.
public enum CustomerError: UserFacingError, Hashable {
    /// No customer in the local copy matches.
    case notFound(String, knownCustomers: Int)
    /// Several customers match; the text must name one.
    case ambiguous(String, matches: [CustomerSummary])
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .notFound(let text, _): "no customer matches \"\(text)\""
        case .ambiguous(let text, let matches):
            "\(matches.count) customers match \"\(text)\": "
                + matches.prefix(5).map { "#\($0.id) \($0.displayName)" }.joined(separator: ", ")
                + (matches.count > 5 ? ", …" : "")
        case .storage(let error): "the local customer list could not be read: \(error.clause)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .notFound(_, let known):
            known == 0
                ? "No customers are stored on this counter yet: `pos catalog sync --full` pulls them from the store."
                : "Search with `pos customers search TEXT` (name, e-mail, phone or number); a new customer appears after `pos catalog sync --full`."
        case .ambiguous: "Give the customer number (e.g. #42) or the whole e-mail address."
        case .storage(let error): error.suggestion(otherwise: "Check the free disk space and permissions of the data directory.")
        }
    }
}
