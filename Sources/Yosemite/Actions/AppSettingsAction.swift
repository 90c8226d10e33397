/// This counter's own settings, kept in a small file in the data directory.
public enum AppSettingsAction: Action {
    /// The saved settings, or the defaults.
    case loadAppSettings(onCompletion: @Sendable (Result<AppSettings, AppSettingsError>) -> Void)
    /// Changes the settings and saves them atomically.
    case updateAppSettings(
        _ update: @Sendable (inout AppSettings) -> Void,
        onCompletion: @Sendable (Result<AppSettings, AppSettingsError>) -> Void
    )
}
