import Synchronization

/// Hands every value to all current subscribers, and the latest value to each new one when `replaysLatest`.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var latest: Element?
    }

    private let state = Mutex(State())
    private let replaysLatest: Bool

    init(replaysLatest: Bool, initial: Element? = nil) {
        self.replaysLatest = replaysLatest
        state.withLock { $0.latest = initial }
    }

    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            if replaysLatest, let latest = state.latest { continuation.yield(latest) }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ value: Element) {
        let subscribers = state.withLock { state in
            state.latest = value
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(value) }
    }

    var latest: Element? { state.withLock { $0.latest } }
}
