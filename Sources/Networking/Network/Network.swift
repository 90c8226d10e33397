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
}

extension Network {
    /// Sends a request and returns the body of the successful answer.
    ///
    /// - Throws: ``NetworkError``.
    public func responseData(for request: any Request) async throws(NetworkError) -> Data {
        try await response(for: request).data
    }
}
