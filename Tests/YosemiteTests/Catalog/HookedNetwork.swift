import Foundation
import Networking
import Synchronization

/// A live network that runs a hook once, before the first request matching a path and a query item, so a test
/// can change the server (a fault, a deletion) at an exact point of a sync.
final class HookedNetwork: Network {
    private let base: any Network
    private let path: String
    private let queryItem: URLQueryItem
    private let hook: @Sendable () async -> Void
    private let fired = Mutex(false)

    init(base: any Network, path: String, queryItem: URLQueryItem, hook: @escaping @Sendable () async -> Void) {
        self.base = base
        self.path = path
        self.queryItem = queryItem
        self.hook = hook
    }

    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        if request.path == path, request.query.contains(queryItem) {
            let first = fired.withLock { fired in
                defer { fired = true }
                return !fired
            }
            if first { await hook() }
        }
        return try await base.response(for: request)
    }
}
