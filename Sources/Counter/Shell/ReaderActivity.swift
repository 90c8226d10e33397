import Yosemite

/// What a screen is doing with the card reader, for the status line: busy or needing attention (set by the
/// screens that run card operations). Connected, busy elsewhere and plugged in come from the session's events.
@MainActor
public final class ReaderActivity {
    /// What a screen is doing with the reader.
    public enum State: String, Hashable, Sendable {
        case busy
        case needsAttention = "needs attention"
    }

    /// What a screen set, if anything.
    public private(set) var state: State?
    private let onChange: @MainActor () -> Void

    /// Creates the tracker; `onChange` asks for a repaint.
    public init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    /// Sets (or clears) what a screen is doing.
    public func set(_ state: State?) {
        guard state != self.state else { return }
        self.state = state
        onChange()
    }

    /// The status line's reader text for the configured address ("no reader" when none), `connected` and `busy`
    /// as the session's events say.
    public func label(address: String, connected: Bool, busy: Bool = false) -> String {
        if let state { return "\(address) \(state.rawValue)" }
        if busy { return "\(address) busy" }
        if address == "no reader" { return "none" }
        return connected ? "\(address) connected" : address
    }
}
