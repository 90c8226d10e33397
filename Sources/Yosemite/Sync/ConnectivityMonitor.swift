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
        var nextID = 0
        var subscribers: [Int: AsyncStream<State>.Continuation] = [:]
    }

    private let stored = Mutex(Stored())

    public init() {}

    /// The current state.
    public var current: State { stored.withLock { $0.state } }

    /// Why the store was last unreachable (kept while offline; cleared when it answers).
    public var lastError: String? { stored.withLock { $0.lastError } }

    /// The store answered (with any status).
    public func markOnline() { set(.online, error: nil) }

    /// The store could not be reached, for `error` (a message for people).
    public func markOffline(error: String? = nil) { set(.offline, error: error) }

    /// The current state, then every change (a repeated state with the same error is not repeated).
    public func changes() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(8))
        let id = stored.withLock { stored in
            stored.nextID += 1
            stored.subscribers[stored.nextID] = continuation
            continuation.yield(stored.state)
            return stored.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.stored.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    private func set(_ state: State, error: String?) {
        let subscribers: [AsyncStream<State>.Continuation] = stored.withLock { stored in
            guard stored.state != state || stored.lastError != error else { return [] }
            stored.state = state
            stored.lastError = error
            return Array(stored.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(state) }
    }
}
