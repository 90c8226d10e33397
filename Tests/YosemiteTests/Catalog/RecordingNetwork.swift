import Foundation
import Networking
import Synchronization

/// A live network that records when each request starts and ends, the most it saw in flight at once, and can hold
/// one request's answer until another request has started: a test proves what overlaps by waiting for events, not
/// for time.
final class RecordingNetwork: Network {
    /// A request starting or ending, in the order they happened.
    struct Event: Equatable, Sendable {
        enum Kind: Sendable { case start, end }
        var kind: Kind
        /// `path?query` of the request.
        var request: String
    }

    private struct State {
        var events: [Event] = []
        var inFlight = 0
        var mostInFlight = 0
        /// Whether a releasing request started; the answers held until then.
        var released = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let base: any Network
    /// Holds the answer of the requests this matches until a request `releaser` matches has started.
    private let hold: @Sendable (any Request) -> Bool
    private let releaser: @Sendable (any Request) -> Bool
    private let state = Mutex(State())

    init(
        base: any Network, hold: @escaping @Sendable (any Request) -> Bool = { _ in false },
        until releaser: @escaping @Sendable (any Request) -> Bool = { _ in false }
    ) {
        self.base = base
        self.hold = hold
        self.releaser = releaser
    }

    var events: [Event] { state.withLock { $0.events } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    static func describe(_ request: any Request) -> String {
        let query = request.query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return query.isEmpty ? request.path : "\(request.path)?\(query)"
    }

    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        let name = Self.describe(request)
        let releases = releaser(request)
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.events.append(Event(kind: .start, request: name))
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            guard releases else { return [] }
            state.released = true
            defer { state.held.removeAll() }
            return state.held
        }
        waiting.forEach { $0.resume() }
        let result: Result<NetworkResponse, NetworkError>
        do throws(NetworkError) {
            result = .success(try await base.response(for: request))
        } catch {
            result = .failure(error)
        }
        if hold(request) {
            // A test that times out cancels the sync: the held answers go then, so it fails instead of hanging.
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state -> Bool in
                        if state.released || Task.isCancelled { return true }
                        state.held.append(continuation)
                        return false
                    }
                    if now { continuation.resume() }
                }
            } onCancel: {
                let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.released = true
                    defer { state.held.removeAll() }
                    return state.held
                }
                held.forEach { $0.resume() }
            }
        }
        state.withLock { state in
            state.events.append(Event(kind: .end, request: name))
            state.inFlight -= 1
        }
        return try result.get()
    }
}
