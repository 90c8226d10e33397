import POSFoundation
import Storage

/// Why the counter's settings could not be read or saved.
public enum AppSettingsError: UserFacingError, Hashable {
    /// The settings file could not be read or written.
    case file(StorageError)
    /// A value is not allowed (for example a receipt width of 40).
    case invalid(String)

    public var message: String {
        switch self {
        case .file(let error): "The counter's settings could not be read or saved: \(error.clause)"
        case .invalid(let detail): "That setting is not allowed: \(detail)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .file(let error): error.suggestion(otherwise: "Check the data directory's permissions and free disk space.")
        case .invalid: "Receipt widths are 32, 42 or 48 characters."
        }
    }
}
