import Networking

/// The store's settings: currency, separators, tax options, address.
public enum SettingAction: Action {
    public typealias Failure = SettingError

    /// Fetches the general and tax settings and the store name from the site and saves them locally.
    ///
    /// With a `limiter` (a catalog sync's), the requests wait in it with the sync's own, so the two together keep
    /// no more requests in flight than it allows.
    case synchronizeStoreSettings(limiter: RequestLimiter? = nil, reply: Reply<StoreSettings>)
    /// The settings saved locally, or `nil` before the first synchronisation.
    case loadStoreSettings(reply: Reply<StoreSettings?>)
}
