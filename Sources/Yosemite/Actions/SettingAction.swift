/// The store's settings: currency, separators, tax options, address.
public enum SettingAction: Action {
    /// Fetches the general and tax settings and the store name from the site and saves them locally.
    case synchronizeStoreSettings(onCompletion: @Sendable (Result<StoreSettings, SettingError>) -> Void)
    /// The settings saved locally, or `nil` before the first synchronisation.
    case loadStoreSettings(onCompletion: @Sendable (Result<StoreSettings?, SettingError>) -> Void)
}
