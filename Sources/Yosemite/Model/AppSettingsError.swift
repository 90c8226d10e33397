import POSFoundation

/// Why the counter's settings could not be read or saved.
public enum AppSettingsError: UserFacingError, Equatable {
    /// The settings file could not be read or written.
    case file(String)
    /// A value is not allowed (for example a receipt width of 40).
    case invalid(String)

    public var message: String {
        switch self {
        case .file(let detail): "The counter's settings could not be read or saved: \(detail)"
        case .invalid(let detail): "That setting is not allowed: \(detail)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .file: "Check the data directory's permissions and free disk space."
        case .invalid: "Receipt widths are 32, 42 or 48 characters."
        }
    }
}
