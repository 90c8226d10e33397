import POSFoundation
import Foundation
import Synchronization

/// The last view and the open event streams: each new view goes to every stream, and a stream that opens gets the
/// current view first.
public final class DisplayWebHub: Sendable {
    private struct State {
        var current: DisplayWebView?
        var next = 0
        var streams: [Int: AsyncStream<DisplayWebView>.Continuation] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// The current view, if any was published.
    public var current: DisplayWebView? { state.locked { $0.current } }

    /// Sends `view` to every open stream and keeps it as the current one.
    public func publish(_ view: DisplayWebView) {
        let streams = state.locked { state -> [AsyncStream<DisplayWebView>.Continuation] in
            state.current = view
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(view) }
    }

    /// The current view, then each one published, until the hub finishes or the stream is dropped. Views a slow
    /// reader has not taken are replaced by the newest (only the latest state matters to the page).
    public func stream() -> AsyncStream<DisplayWebView> {
        let (stream, continuation) = AsyncStream<DisplayWebView>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.locked { state -> Int in
            let id = state.next
            state.next += 1
            state.streams[id] = continuation
            if let current = state.current { continuation.yield(current) }
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.locked { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every open stream (the server stops).
    public func finish() {
        let streams = state.locked { state -> [AsyncStream<DisplayWebView>.Continuation] in
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
