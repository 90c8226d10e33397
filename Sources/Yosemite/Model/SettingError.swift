import Localization
import Networking
import POSFoundation
import Storage

/// Why the store settings could not be loaded or synchronised.
public enum SettingError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// The site could not be asked; the last saved settings stay in use.
    case network(NetworkError)
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .network(let error): L10n.tr("error.setting.network", ["error": error.message])
        case .storage(let error): L10n.tr("error.setting.storage", ["clause": error.clause])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .network: L10n.tr("error.setting.network.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.setting.storage.hint"))
        }
    }
}
