import POSFoundation

/// Why the counter could not open.
public enum CounterError: UserFacingError, Equatable {
    /// There is no usable terminal.
    case terminalUnavailable(String)
    /// The session could not be opened or has no store to sell for.
    case sessionUnavailable(String)

    public var message: String {
        switch self {
        case .terminalUnavailable(let reason): "The counter needs a terminal: \(reason)."
        case .sessionUnavailable(let reason): "The counter cannot open the store: \(reason)."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .terminalUnavailable:
            "Run `pos` in a terminal (a Linux console, xterm, tmux) with TERM set; scripts use `pos status` or `pos sell`."
        case .sessionUnavailable: "Run `pos status` to see the store, or `pos login` to log in."
        }
    }
}
