import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WooTestServer

/// A started server with the demo store and three users, plus a small URLSession client.
final class ServerHarness: Sendable {
    /// A decoded response.
    struct Reply: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data

        var json: JSON? { try? JSON(parsing: body) }
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    static let admin = ("admin", "abcd EFGH 1234 ijkl")
    static let manager = ("manager", "mmmm nnnn")
    static let subscriber = ("reader", "ssss tttt")

    let server: WooTestServer
    let baseURL: URL
    let session: URLSession

    init(seed: Bool = true, configuration: WooTestServer.Configuration = .init()) throws {
        server = WooTestServer(configuration: configuration)
        if seed { server.seedDemoStore() }
        server.addUser(username: Self.admin.0, applicationPassword: Self.admin.1, role: .administrator)
        server.addUser(username: Self.manager.0, applicationPassword: Self.manager.1, role: .shopManager)
        server.addUser(username: Self.subscriber.0, applicationPassword: Self.subscriber.1, role: .subscriber)
        baseURL = try server.start()
        session = Self.makeSession()
    }

    deinit {
        session.invalidateAndCancel()
        server.stop()
    }

    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration)
    }

    /// Sends a request to `/wp-json/<route>` (or a raw path when `raw` is set).
    func send(_ method: String = "GET", _ route: String, query: [(String, String)] = [], body: String? = nil,
              user: (String, String)? = ServerHarness.admin, raw: Bool = false,
              session: URLSession? = nil) async throws -> Reply {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.path = raw ? route : "/wp-json" + route
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        // A connection per request: these tests check routes, and a pooled connection the server closes after
        // its 5 s keep-alive timeout could be reused just as it closes when a loaded machine stalls a test
        // between two requests (seen once: "connection reset by peer"). Keep-alive has its own raw-socket tests.
        request.setValue("close", forHTTPHeaderField: "Connection")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let user {
            let token = Data("\(user.0):\(user.1)".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        let (data, response) = try await (session ?? self.session).data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
        }
        return Reply(status: http.statusCode, headers: headers, body: data)
    }

    /// Posts a JSON body.
    func post(_ route: String, _ body: String, user: (String, String)? = ServerHarness.admin) async throws -> Reply {
        try await send("POST", route, body: body, user: user)
    }
}
