import Localization
import POSFoundation

/// Why the counter could not open.
public enum CounterError: UserFacingError, Equatable {
    /// There is no usable terminal.
    case terminalUnavailable(String)
    /// The session could not be opened or has no store to sell for.
    case sessionUnavailable(String)

    public var message: String {
        switch self {
        case .terminalUnavailable(let reason): L10n.tr("counter.error.terminal", ["reason": reason])
        case .sessionUnavailable(let reason): L10n.tr("counter.error.session", ["reason": reason])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .terminalUnavailable: L10n.tr("counter.error.terminal.hint")
        case .sessionUnavailable: L10n.tr("counter.error.session.hint")
        }
    }
}
