import Foundation
import POSFoundation
import Synchronization

/// A ``Network`` that answers from canned responses and records every request.
///
/// Responses are matched on the request's ``Request/path`` (`wc/v3/orders/12`): a stub applies when the
/// path ends with its suffix, and the longest matching suffix wins. Simulated errors are checked first.
/// With `useResponseQueue`, each suffix keeps a FIFO queue (one answer per request); otherwise a stub
/// answers every time. A request nothing matches fails with ``NetworkError/notFound(path:_:)``.
///
/// ```swift
/// let network = MockNetwork(loader: { name in try? Data(contentsOf: fixturesURL.appending(path: name + ".json")) })
/// network.simulateResponse(requestUrlSuffix: "orders", filename: "orders-list")
/// network.simulateError(requestUrlSuffix: "orders/12", error: .timeout(path: "wc/v3/orders/12"))
/// ```
public final class MockNetwork: Network {
    /// A request the mock received.
    public struct RecordedRequest: Hashable, Sendable {
        public let method: HTTPMethod
        public let path: String
        public let query: [URLQueryItem]
        public let body: JSONValue?

        /// The value of a query parameter.
        public func queryValue(_ name: String) -> String? {
            query.first(where: { $0.name == name })?.value
        }
    }

    private struct State {
        var stubs: [String: NetworkResponse] = [:]
        var queues: [String: [NetworkResponse]] = [:]
        var errors: [String: NetworkError] = [:]
        var requests: [RecordedRequest] = []
    }

    private let state = Mutex(State())
    private let useResponseQueue: Bool
    private let loader: @Sendable (String) -> Data?

    /// Creates a mock.
    ///
    /// - Parameters:
    ///   - useResponseQueue: Whether each suffix answers from a FIFO queue instead of a reusable stub.
    ///   - loader: Loads a fixture by file name for ``simulateResponse(requestUrlSuffix:filename:statusCode:headers:)``.
    public init(useResponseQueue: Bool = false, loader: @escaping @Sendable (String) -> Data? = { _ in nil }) {
        self.useResponseQueue = useResponseQueue
        self.loader = loader
    }

    // MARK: - Stubbing

    /// Answers requests whose path ends with `requestUrlSuffix` with a body.
    public func simulateResponse(requestUrlSuffix: String, data: Data, statusCode: Int = 200, headers: HTTPHeaders = [:]) {
        let response = NetworkResponse(data: data, statusCode: statusCode, headers: headers)
        state.locked { state in
            if useResponseQueue {
                state.queues[requestUrlSuffix, default: []].append(response)
            } else {
                state.stubs[requestUrlSuffix] = response
            }
        }
    }

    /// Answers with a JSON text.
    public func simulateResponse(requestUrlSuffix: String, json: String, statusCode: Int = 200, headers: HTTPHeaders = [:]) {
        simulateResponse(requestUrlSuffix: requestUrlSuffix, data: Data(json.utf8), statusCode: statusCode, headers: headers)
    }

    /// Answers with a fixture from the loader; a fixture the loader cannot find makes the request fail with `notFound`.
    public func simulateResponse(requestUrlSuffix: String, filename: String, statusCode: Int = 200, headers: HTTPHeaders = [:]) {
        guard let data = loader(filename) else {
            simulateError(requestUrlSuffix: requestUrlSuffix, error: .notFound(path: "fixture \(filename)", nil))
            return
        }
        simulateResponse(requestUrlSuffix: requestUrlSuffix, data: data, statusCode: statusCode, headers: headers)
    }

    /// Fails requests whose path ends with `requestUrlSuffix`; checked before responses.
    public func simulateError(requestUrlSuffix: String, error: NetworkError) {
        state.locked { $0.errors[requestUrlSuffix] = error }
    }

    /// Forgets every stub, queue and error (recorded requests are kept).
    public func removeAllSimulatedResponses() {
        state.locked { state in
            state.stubs = [:]
            state.queues = [:]
            state.errors = [:]
        }
    }

    /// Every request received, in order.
    public var requestsForResponseData: [RecordedRequest] {
        state.locked { $0.requests }
    }

    // MARK: - Network

    public func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        let path = request.path
        let recorded = RecordedRequest(method: request.method, path: path, query: request.query, body: request.body)
        let result: Result<NetworkResponse, NetworkError> = state.locked { state in
            state.requests.append(recorded)
            if let key = Self.longestSuffix(of: path, in: state.errors.keys), let error = state.errors[key] {
                return .failure(error)
            }
            if useResponseQueue {
                let candidates = state.queues.filter { !$0.value.isEmpty }.keys
                if let key = Self.longestSuffix(of: path, in: candidates), var queue = state.queues[key] {
                    let next = queue.removeFirst()
                    state.queues[key] = queue
                    return .success(next)
                }
            } else if let key = Self.longestSuffix(of: path, in: state.stubs.keys), let response = state.stubs[key] {
                return .success(response)
            }
            return .failure(.notFound(path: path, nil))
        }
        let response = try result.get()
        if let error = NetworkError(status: response.statusCode, headers: response.headers, body: response.data, path: path) {
            throw error
        }
        return response
    }

    private static func longestSuffix(of path: String, in keys: some Sequence<String>) -> String? {
        keys.filter { path.hasSuffix($0) }.max { $0.count < $1.count }
    }
}
