import Foundation
import POSFoundation

/// Sends requests through a ``Network`` and maps the answers: the engine under every `…Remote`.
///
/// A body that a mapper cannot read becomes ``NetworkError/malformedResponse(path:reason:)`` naming the
/// route and what failed.
public struct Remote: Sendable {
    public let network: any Network

    public init(network: any Network) {
        self.network = network
    }

    /// Sends a request and maps its body.
    ///
    /// - Throws: ``NetworkError``.
    public func enqueue<M: Mapper>(_ request: any Request, mapper: M) async throws(NetworkError) -> M.Output {
        let response = try await network.response(for: request)
        return try map(response.data, with: mapper, path: request.path)
    }

    /// Sends a request for one page and maps it with the pagination headers.
    ///
    /// - Parameters:
    ///   - request: The list request (carrying `page` and `per_page`).
    ///   - page: The page asked for.
    ///   - perPage: The page size asked for, to guess `hasMorePages` when the headers are missing.
    ///   - mapper: A list mapper.
    /// - Throws: ``NetworkError``.
    public func enqueuePaged<M: Mapper, Item: Sendable>(
        _ request: any Request, page: Int, perPage: Int, mapper: M
    ) async throws(NetworkError) -> PagedItems<Item> where M.Output == [Item] {
        let response = try await network.response(for: request)
        let items = try map(response.data, with: mapper, path: request.path)
        return PagedItems(items: items, page: page, perPage: perPage, headers: response.headers)
    }

    /// Sends a request whose answer is not needed beyond success.
    public func enqueueIgnoringBody(_ request: any Request) async throws(NetworkError) {
        _ = try await network.response(for: request)
    }

    private func map<M: Mapper>(_ data: Data, with mapper: M, path: String) throws(NetworkError) -> M.Output {
        do {
            return try mapper.map(response: data)
        } catch {
            throw NetworkError.malformedResponse(path: path, reason: WooJSON.describe(error))
        }
    }
}
