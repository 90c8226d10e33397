/// The store's settings: currency, separators, tax options, address.
public enum SettingAction: Action {
    public typealias Failure = SettingError

    /// Fetches the general and tax settings and the store name from the site and saves them locally.
    case synchronizeStoreSettings(reply: Reply<StoreSettings>)
    /// The settings saved locally, or `nil` before the first synchronisation.
    case loadStoreSettings(reply: Reply<StoreSettings?>)
}
