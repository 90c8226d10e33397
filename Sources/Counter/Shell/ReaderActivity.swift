import Yosemite

/// The card reader's state for the status line: connected or not (from `CardPresentPaymentAction.observeReaders`),
/// and busy or needing attention (set by the screens that run card operations).
@MainActor
public final class ReaderActivity {
    /// What a screen is doing with the reader.
    public enum State: String, Hashable, Sendable {
        case busy
        case needsAttention = "needs attention"
    }

    /// What a screen set, if anything.
    public private(set) var state: State?
    /// The connected reader's name, as the store last reported it.
    public private(set) var connectedName: String?
    private let onChange: @MainActor () -> Void
    private var observer: Task<Void, Never>?

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

    /// The status line's reader text for the configured address ("no reader" when none).
    public func label(address: String) -> String {
        if let state { return "\(address) \(state.rawValue)" }
        if address == "no reader" { return "none" }
        return connectedName != nil ? "\(address) connected" : address
    }

    /// Follows the connected reader for as long as the session runs.
    public func observe(stores: StoresManager) {
        observer?.cancel()
        observer = Task { [weak self] in
            guard let streams = try? await stores.dispatch({ CardPresentPaymentAction.observeReaders(reply: $0) }) else { return }
            for await readers in streams.connected {
                guard let self else { return }
                self.connectedName = readers.first?.name
                self.onChange()
            }
        }
    }

    /// Stops following the readers.
    public func stop() {
        observer?.cancel()
    }
}
