import Foundation
import Networking
import Testing

/// The live network against real sockets: DNS, refused connections, TLS, timeouts, the rest_route fallback.
@Suite(.serialized)
struct HTTPClientNetworkTests {
    private func network(_ site: String, timeout: Duration = .seconds(10)) throws -> HTTPClientNetwork {
        let credentials = Credentials(site: try SiteAddress(site), username: "cashier", applicationPassword: "secret pass")
        return HTTPClientNetwork(credentials: credentials, timeout: timeout)
    }

    private func error(from network: HTTPClientNetwork, _ request: any Request = RESTRequest.wooCommerce(.get, "orders")) async -> NetworkError? {
        do {
            _ = try await network.response(for: request)
            return nil
        } catch {
            return error
        }
    }

    @Test func response_unknownHost_failsWithDNSFailure() async throws {
        // Given
        let network = try network("https://nonexistent.invalid")

        // When
        let error = await error(from: network)

        // Then
        #expect(error == .dnsFailure(host: "nonexistent.invalid"))
        #expect(error?.mayHaveReachedServer == false)
    }

    @Test func response_closedPort_failsWithConnectionRefused() async throws {
        // Given
        let port = try LoopbackServer.closedPort()
        let network = try network("http://127.0.0.1:\(port)")

        // When
        let error = await error(from: network)

        // Then
        #expect(error == .connectionRefused(host: "127.0.0.1"))
        #expect(error?.isRetryable == true)
    }

    @Test func response_httpsToPlainListener_failsWithTLSFailure() async throws {
        // Given: a listener that answers a TLS ClientHello with plain HTTP.
        let server = try LoopbackServer { _ in LoopbackServer.http(status: 200, body: "not tls") }
        defer { server.stop() }
        let network = try network("https://127.0.0.1:\(server.port)")

        // When
        let error = await error(from: network)

        // Then
        guard case .tlsFailure(let host, _)? = error else {
            Issue.record("expected tlsFailure, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(error?.mayHaveReachedServer == false)
    }

    @Test func response_silentListener_failsWithTimeoutAfterConfiguredInterval() async throws {
        // Given: a listener that accepts and never answers; the 1 s timeout is what is under test.
        let server = try LoopbackServer { _ in nil }
        defer { server.stop() }
        let network = try network("http://127.0.0.1:\(server.port)", timeout: .seconds(1))

        // When
        let error = await error(from: network)

        // Then
        #expect(error == .timeout(path: "wc/v3/orders"))
        #expect(error?.mayHaveReachedServer == true)
        #expect(error?.isRetryable == true)
    }

    @Test func response_wpJSONAnswersHTML404_retriesWithRestRouteAndRemembersIt() async throws {
        // Given: pretty permalinks off — /wp-json/ is an HTML 404, ?rest_route= works.
        let server = try LoopbackServer { head in
            if head.hasPrefix("GET /wp-json/") {
                return LoopbackServer.http(status: 404, reason: "Not Found", headers: ["Content-Type": "text/html"], body: "<html>404</html>")
            }
            return LoopbackServer.http(status: 200, headers: ["Content-Type": "application/json", "x-wp-total": "0"], body: "[]")
        }
        defer { server.stop() }
        let network = try network("http://127.0.0.1:\(server.port)")

        // When
        let first = try await network.response(for: RESTRequest.wooCommerce(.get, "orders"))
        let second = try await network.response(for: RESTRequest.wooCommerce(.get, "products"))

        // Then
        #expect(first.statusCode == 200)
        #expect(first.headers["X-WP-Total"] == "0")
        #expect(second.statusCode == 200)
        #expect(network.currentRouteStyle == .restRoute)
        let requestLines = server.receivedHeads.map { $0.components(separatedBy: "\r\n").first ?? "" }
        #expect(requestLines == [
            "GET /wp-json/wc/v3/orders HTTP/1.1", "GET /?rest_route=/wc/v3/orders HTTP/1.1",
            "GET /?rest_route=/wc/v3/products HTTP/1.1",
        ])
    }

    @Test func response_jsonErrors_mapToStatusCasesAndSendBasicAuth() async throws {
        // Given
        let server = try LoopbackServer { head in
            if head.contains("users/me") {
                return LoopbackServer.http(status: 401, reason: "Unauthorized", body: #"{"code":"incorrect_password","message":"Wrong","data":{"status":401}}"#)
            }
            if head.contains("wc/v3/orders") {
                return LoopbackServer.http(status: 404, reason: "Not Found", body: #"{"code":"rest_no_route","message":"No route","data":{"status":404}}"#)
            }
            return LoopbackServer.http(status: 503, reason: "Unavailable", headers: ["Retry-After": "7"], body: "busy")
        }
        defer { server.stop() }
        let network = try network("http://127.0.0.1:\(server.port)")

        // When
        let unauthorized = await error(from: network, RESTRequest.wordPress(.get, "users/me"))
        let missing = await error(from: network, RESTRequest.wooCommerce(.get, "orders"))
        let unavailable = await error(from: network, RESTRequest.wooCommerce(.get, "products"))

        // Then
        #expect(unauthorized == .unauthorized(WordPressError(code: "incorrect_password", message: "Wrong", status: 401)))
        #expect(missing == .wooCommerceMissing(path: "wc/v3/orders"))
        #expect(unavailable == .serverError(status: 503, nil))
        #expect(network.currentRouteStyle == .prettyPermalinks)
        let expectedAuth = "Basic " + Data("cashier:secret pass".utf8).base64EncodedString()
        #expect(server.receivedHeads.first?.lowercased().contains("authorization: \(expectedAuth.lowercased())") == true)
        #expect(server.receivedHeads.allSatisfy { !$0.lowercased().contains("cookie:") })
    }
}
