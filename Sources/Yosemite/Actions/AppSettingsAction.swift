/// This counter's own settings, kept in a small file in the data directory.
public enum AppSettingsAction: Action {
    public typealias Failure = AppSettingsError

    /// The saved settings, or the defaults.
    case loadAppSettings(reply: Reply<AppSettings>)
    /// Changes the settings and saves them atomically.
    case updateAppSettings(
        _ update: @Sendable (inout AppSettings) -> Void,
        reply: Reply<AppSettings>
    )
}
