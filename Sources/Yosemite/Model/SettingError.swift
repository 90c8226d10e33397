import POSFoundation

/// Why the store settings could not be loaded or synchronised.
public enum SettingError: UserFacingError, Equatable {
    /// The site could not be asked; the last saved settings stay in use.
    case network(String)
    /// The local database failed.
    case storage(String)

    public var message: String {
        switch self {
        case .network(let detail): "The store's settings could not be fetched: \(detail)"
        case .storage(let detail): "The store's settings could not be read or saved: \(detail)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .network: "pos keeps using the settings it has; try again when the site is reachable."
        case .storage: "Free disk space or fix the data directory's permissions."
        }
    }
}
