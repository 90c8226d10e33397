import POSFoundation
import Synchronization

/// Whether the store answered lately: transport failures mark it offline, any answer marks it online.
///
/// Offline does not block sending: the next sync sends its first entry as a probe, and stops at once if the
/// store is still unreachable. Changes are published to ``changes()`` subscribers (the session's event stream).
public final class ConnectivityMonitor: Sendable {
    /// What the engine last saw.
    public enum State: String, Sendable, Hashable, Codable {
        case unknown
        case online
        case offline
    }

    private struct Stored {
        var state = State.unknown
        var lastError: String?
    }

    private let stored = Mutex(Stored())
    private let broadcast = Broadcast<State>(replaysLatest: true, initial: .unknown, buffering: 8)

    public init() {}

    /// The current state.
    public var current: State { stored.locked { $0.state } }

    /// Why the store was last unreachable (kept while offline; cleared when it answers).
    public var lastError: String? { stored.locked { $0.lastError } }

    /// The store answered (with any status).
    public func markOnline() { set(.online, error: nil) }

    /// The store could not be reached, for `error` (a message for people).
    public func markOffline(error: String? = nil) { set(.offline, error: error) }

    /// The current state, then every change (a repeated state with the same error is not repeated).
    public func changes() -> AsyncStream<State> { broadcast.subscribe() }

    private func set(_ state: State, error: String?) {
        stored.locked { stored in
            guard stored.state != state || stored.lastError != error else { return }
            stored.state = state
            stored.lastError = error
            // Sent under the lock, so subscribers see the changes in the order they were made.
            broadcast.send(state)
        }
    }
}
