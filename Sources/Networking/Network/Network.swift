import Foundation

/// Sends requests to the store and returns its answers.
///
/// The live implementation is ``HTTPClientNetwork`` (AsyncHTTPClient on SwiftNIO); tests use
/// ``MockNetwork``. Implementations turn non-success statuses and transport failures into ``NetworkError``,
/// so a returned ``NetworkResponse`` is always a 2xx answer.
public protocol Network: Sendable {
    /// Sends a request and returns the successful answer.
    ///
    /// - Throws: ``NetworkError`` for transport failures and non-2xx statuses.
    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse

    /// Where a task that sends request after request should run, or nil when it does not matter.
    ///
    /// ``HTTPClientNetwork`` answers its event loop: a request runs there, and a caller on another thread hops
    /// to it and back for each one (two thread wake-ups, ~0.14 ms of CPU a request, measured: about a tenth of
    /// what a page GET costs the client). The catalog sync's page fetches run there, decoding included.
    var preferredTaskExecutor: (any TaskExecutor)? { get }
}

extension Network {
    public var preferredTaskExecutor: (any TaskExecutor)? { nil }

    /// Sends a request and returns the body of the successful answer.
    ///
    /// - Throws: ``NetworkError``.
    public func responseData(for request: any Request) async throws(NetworkError) -> Data {
        try await response(for: request).data
    }
}
