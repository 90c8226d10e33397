import Networking
import POSFoundation
import Storage

/// Why the store settings could not be loaded or synchronised.
public enum SettingError: UserFacingError, Hashable {
    /// The site could not be asked; the last saved settings stay in use.
    case network(NetworkError)
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .network(let error): "The store's settings could not be fetched: \(error.message)"
        case .storage(let error): "The store's settings could not be read or saved: \(error.clause)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .network: "pos keeps using the settings it has; try again when the site is reachable."
        case .storage(let error): error.suggestion(otherwise: "Free disk space or fix the data directory's permissions.")
        }
    }
}
