import Synchronization

/// Hands every value to all current subscribers, and the latest value to each new one when `replaysLatest`: the
/// one fan-out of an async source to several readers (the reader service, device presence, connectivity, the
/// session's event stream, the scripted udev source).
///
/// A subscriber's stream keeps the newest `buffering` values it has not read yet. ``finish()`` ends every
/// subscriber's stream; a subscription after it gets a stream that is already finished.
public final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var latest: Element?
        var finished = false
    }

    private let state = Mutex(State())
    private let replaysLatest: Bool
    private let buffering: Int

    public init(replaysLatest: Bool, initial: Element? = nil, buffering: Int = 64) {
        self.replaysLatest = replaysLatest
        self.buffering = buffering
        state.locked { $0.latest = initial }
    }

    /// Every value sent from now on (after the latest one, when the broadcast replays it).
    public func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(buffering))
        let id = state.locked { state -> Int? in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            if replaysLatest, let latest = state.latest { continuation.yield(latest) }
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.locked { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `value` to every subscriber (nothing once finished).
    public func send(_ value: Element) {
        let subscribers = state.locked { state -> [AsyncStream<Element>.Continuation] in
            guard !state.finished else { return [] }
            state.latest = value
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(value) }
    }

    /// Ends every subscriber's stream, and every later subscription's at once.
    public func finish() {
        let subscribers = state.locked { state -> [AsyncStream<Element>.Continuation] in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// The value sent last (or the initial one).
    public var latest: Element? { state.locked { $0.latest } }

    /// Whether anyone is subscribed now.
    public var hasSubscribers: Bool { state.locked { !$0.subscribers.isEmpty } }
}
