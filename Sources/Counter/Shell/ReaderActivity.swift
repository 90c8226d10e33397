import Localization
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

    /// The status line's word for "no reader configured" (the model's `reader` until a label is made).
    nonisolated static var noReader: String { L10n.tr("status.reader.none.address") }

    /// The words after the reader's address while busy or needing attention: the status line puts such a reader
    /// before the cashier (`StatusBarView.line`).
    nonisolated static var newsSuffixes: [String] {
        [" " + L10n.tr("status.reader.busy"), " " + L10n.tr("status.reader.needsAttention")]
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
        switch state {
        case .busy?: return "\(address) " + L10n.tr("status.reader.busy")
        case .needsAttention?: return "\(address) " + L10n.tr("status.reader.needsAttention")
        case nil: break
        }
        if busy { return "\(address) " + L10n.tr("status.reader.busy") }
        if address == Self.noReader { return L10n.tr("status.reader.none") }
        return connected ? "\(address) " + L10n.tr("status.reader.connected") : address
    }
}
