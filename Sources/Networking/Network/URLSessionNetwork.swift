import Foundation
import Logging
import POSFoundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live ``Network``: FoundationNetworking's URLSession (libcurl on Linux), signed with an application password.
///
/// The session is ephemeral, with cookies and caching off, and a per-request timeout set through
/// `URLSessionConfiguration.timeoutIntervalForRequest` (Linux ignores `URLRequest.timeoutInterval`).
///
/// Sites without pretty permalinks answer `/wp-json/…` with an HTML 404. When a 404 body is not a WordPress
/// JSON error, the request is retried once as `/?rest_route=/…`, and when that form works it is used for
/// every later request.
public final class URLSessionNetwork: Network {
    private let credentials: Credentials
    private let session: URLSession
    private let routeStyle: Mutex<RouteStyle>
    private let logger: Logger?
    private let now: @Sendable () -> Date

    /// Creates the network for a site.
    ///
    /// - Parameters:
    ///   - credentials: The site, user and application password.
    ///   - timeout: How long to wait for the server before failing with ``NetworkError/timeout(path:)``.
    ///   - routeStyle: The URL form to start with; it switches to `?rest_route=` by itself when needed.
    ///   - logger: Where to log requests (method, route, status; never credentials or bodies).
    public init(
        credentials: Credentials,
        timeout: Duration = .seconds(30),
        routeStyle: RouteStyle = .prettyPermalinks,
        logger: Logger? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.credentials = credentials
        self.routeStyle = Mutex(routeStyle)
        self.logger = logger
        self.now = now
        let configuration = URLSessionConfiguration.ephemeral
        let components = timeout.components
        configuration.timeoutIntervalForRequest = Double(components.seconds) + Double(components.attoseconds) / 1e18
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The URL form currently in use.
    public var currentRouteStyle: RouteStyle { routeStyle.withLock { $0 } }

    public func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        let style = currentRouteStyle
        var response = try await send(request, style: style)
        if response.statusCode == 404, style == .prettyPermalinks, WordPressError(data: response.data) == nil {
            logger?.info("wp-json answered 404 without a WordPress error; retrying with ?rest_route=", metadata: ["path": "\(request.path)"])
            let retry = try await send(request, style: .restRoute)
            if retry.isSuccess || Self.isJSON(retry.data) {
                routeStyle.withLock { $0 = .restRoute }
            }
            response = retry
        }
        if let error = NetworkError(status: response.statusCode, headers: response.headers, body: response.data, path: request.path, now: now()) {
            logger?.notice("request failed", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.path)", "status": "\(response.statusCode)"])
            throw error
        }
        return response
    }

    // MARK: - Private

    private func send(_ request: any Request, style: RouteStyle) async throws(NetworkError) -> NetworkResponse {
        let urlRequest = try request.urlRequest(site: credentials.site, routeStyle: style, credentials: credentials)
        logger?.debug("request", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.path)"])
        let data: Data
        let urlResponse: URLResponse
        do {
            (data, urlResponse) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw NetworkError(urlError: error, host: credentials.site.host, path: request.path)
        } catch is CancellationError {
            throw NetworkError.cancelled
        } catch {
            let nsError = error as NSError
            throw NetworkError(urlErrorCode: nsError.code, detail: nsError.localizedDescription, host: credentials.site.host, path: request.path)
        }
        guard let http = urlResponse as? HTTPURLResponse else {
            throw NetworkError.malformedResponse(path: request.path, reason: "the answer was not HTTP")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return NetworkResponse(data: data, statusCode: http.statusCode, headers: headers)
    }

    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }
}
