import Localization
import POSFoundation
import Storage

/// Why the counter's settings could not be read or saved.
public enum AppSettingsError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// The settings file could not be read or written.
    case file(StorageError)
    /// A value is not allowed (for example a receipt width of 40).
    case invalid(String)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .file(let error): L10n.tr("error.appSettings.file", ["clause": error.clause])
        case .invalid(let detail): L10n.tr("error.appSettings.invalid", ["detail": detail])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .file(let error): error.suggestion(otherwise: L10n.tr("error.appSettings.file.hint"))
        case .invalid: L10n.tr("error.appSettings.invalid.hint")
        }
    }
}
