import POSFoundation
import Synchronization

/// At most a given number of requests in flight, shared by every network that ``limited(by:urgent:)`` wraps with
/// it; the others wait in the order they asked (FIFO), urgent ones ahead of the rest.
///
/// A catalog sync sends its settings, reference lists, pages and variations through one limiter, so however many
/// of them run side by side, the store sees no more requests at once than a small store's PHP workers serve.
/// Urgent requests are those the rest of the pull waits for (product page 1, which says how many pages follow):
/// they take the next free slot, ahead of short requests queued earlier.
/// A waiting request that is cancelled leaves the queue at once and throws ``NetworkError/cancelled``.
public final class RequestLimiter: Sendable {
    private struct Waiter {
        let id: UInt64
        let urgent: Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    /// Requests in flight at most.
    public let limit: Int
    private let state: Mutex<State>

    /// Creates a limiter letting `limit` requests (at least 1) through at once.
    public init(limit: Int) {
        self.limit = max(1, limit)
        state = Mutex(State(available: max(1, limit)))
    }

    /// Runs `body` once a slot is free, holding the slot until it returns; an `urgent` one goes ahead of the
    /// waiting requests that are not.
    public func run<T>(
        urgent: Bool = false, _ body: () async throws(NetworkError) -> T
    ) async throws(NetworkError) -> T {
        try await acquire(urgent: urgent)
        defer { release() }
        return try await body()
    }

    private func acquire(urgent: Bool) async throws(NetworkError) {
        let id = state.locked { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    enum Step { case go, cancelled, wait }
                    let step = state.locked { state -> Step in
                        if Task.isCancelled { return .cancelled }
                        if state.available > 0, state.waiters.isEmpty {
                            state.available -= 1
                            return .go
                        }
                        let waiter = Waiter(id: id, urgent: urgent, continuation: continuation)
                        if urgent, let firstNotUrgent = state.waiters.firstIndex(where: { !$0.urgent }) {
                            state.waiters.insert(waiter, at: firstNotUrgent)
                        } else {
                            state.waiters.append(waiter)
                        }
                        return .wait
                    }
                    switch step {
                    case .go: continuation.resume()
                    case .cancelled: continuation.resume(throwing: CancellationError())
                    case .wait: break
                    }
                }
            } onCancel: {
                let waiter = state.locked { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            throw .cancelled
        }
    }

    /// Hands the slot to the longest waiter, or frees it.
    private func release() {
        let next = state.locked { state -> Waiter? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// A network whose requests go through a ``RequestLimiter``.
public struct LimitedNetwork: Network {
    /// The network the requests go to.
    public let base: any Network
    /// The limiter they wait in.
    public let limiter: RequestLimiter
    /// Whether they go ahead of the limiter's other waiting requests.
    public let urgent: Bool

    public init(base: any Network, limiter: RequestLimiter, urgent: Bool = false) {
        self.base = base
        self.limiter = limiter
        self.urgent = urgent
    }

    public func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        try await limiter.run(urgent: urgent) { () throws(NetworkError) in try await base.response(for: request) }
    }

    public var preferredTaskExecutor: (any TaskExecutor)? { base.preferredTaskExecutor }
}

extension Network {
    /// This network with its requests through `limiter`, `urgent` or not (a network already limited by it is
    /// rewrapped, not limited twice).
    public func limited(by limiter: RequestLimiter, urgent: Bool = false) -> any Network {
        if let limited = self as? LimitedNetwork, limited.limiter === limiter {
            return limited.urgent == urgent ? self : LimitedNetwork(base: limited.base, limiter: limiter, urgent: urgent)
        }
        return LimitedNetwork(base: self, limiter: limiter, urgent: urgent)
    }
}
