import Synchronization

/// Whether the store answered lately: transport failures mark it offline, any answer marks it online.
///
/// Offline does not block sending: the next sync sends its first entry as a probe, and stops at once if the
/// store is still unreachable.
public final class ConnectivityMonitor: Sendable {
    /// What the engine last saw.
    public enum State: String, Sendable, Hashable, Codable {
        case unknown
        case online
        case offline
    }

    private let state = Mutex(State.unknown)

    public init() {}

    /// The current state.
    public var current: State { state.withLock { $0 } }

    /// The store answered (with any status).
    public func markOnline() { state.withLock { $0 = .online } }

    /// The store could not be reached.
    public func markOffline() { state.withLock { $0 = .offline } }
}
