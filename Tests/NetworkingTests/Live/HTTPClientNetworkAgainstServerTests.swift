import Foundation
import Networking
import POSFoundation
import Testing
import WooTestServer

/// The live network (URLSession over libcurl) against the WooCommerce-compatible test server: every error a
/// cashier's login or a sync can meet, on real HTTP.
@Suite(.serialized)
struct HTTPClientNetworkAgainstServerTests {
    let server: WooTestServer
    let site: SiteAddress

    init() throws {
        server = WooTestServer()
        let url = try server.start()
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        server.addUser(username: "reader", applicationPassword: "sub-pass", role: .subscriber)
        site = try SiteAddress(url.absoluteString)
    }

    private func network(user: String = "manager", password: String = "good-pass", timeout: Duration = .seconds(10)) -> HTTPClientNetwork {
        HTTPClientNetwork(credentials: Credentials(site: site, username: user, applicationPassword: password), timeout: timeout)
    }

    private func expectError(_ expected: (NetworkError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected an error", sourceLocation: sourceLocation)
        } catch let error as NetworkError {
            #expect(expected(error), "got \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a NetworkError: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func loadSettings_goodCredentials_succeeds() async throws {
        defer { server.stop() }
        let settings = try await SettingsRemote(network: network()).loadGeneralSettings()
        #expect(settings.value(for: "woocommerce_currency") == "EUR")
    }

    @Test func loadSettings_wrongPassword_isUnauthorizedWithWordPressCode() async {
        defer { server.stop() }
        await expectError({ if case .unauthorized(let wp) = $0 { wp?.code == "incorrect_password" } else { false } }) {
            _ = try await SettingsRemote(network: network(password: "nope")).loadGeneralSettings()
        }
    }

    @Test func loadSettings_unknownUser_isUnauthorized() async {
        defer { server.stop() }
        await expectError({ if case .unauthorized = $0 { true } else { false } }) {
            _ = try await SettingsRemote(network: network(user: "ghost")).loadGeneralSettings()
        }
    }

    @Test func loadSettings_subscriber_isForbidden() async {
        defer { server.stop() }
        await expectError({ if case .forbidden = $0 { true } else { false } }) {
            _ = try await SettingsRemote(network: network(user: "reader", password: "sub-pass")).loadGeneralSettings()
        }
    }

    @Test func loadOrder_unknownID_isNotFound() async {
        defer { server.stop() }
        await expectError({ if case .notFound = $0 { true } else { false } }) {
            _ = try await OrdersRemote(network: network()).loadOrder(id: 999_999)
        }
    }

    @Test func loadIndex_wordPressWithoutWooCommerce_isWooCommerceMissing() async {
        defer { server.stop() }
        server.mode = .wordPressWithoutWooCommerce
        await expectError({ if case .wooCommerceMissing = $0 { true } else { false } }) {
            _ = try await SiteRemote(network: network()).loadIndex()
        }
        await expectError({ if case .wooCommerceMissing = $0 { true } else { false } }) {
            _ = try await SettingsRemote(network: network()).loadGeneralSettings()
        }
    }

    @Test func loadIndex_notWordPress_isNotWordPress() async {
        defer { server.stop() }
        server.mode = .notWordPress
        await expectError({ if case .notWordPress = $0 { true } else { false } }) {
            _ = try await SiteRemote(network: network()).loadIndex()
        }
    }

    @Test func request_plainPermalinks_retriesOnceWithRestRouteAndRemembers() async throws {
        defer { server.stop() }
        // Given a site whose /wp-json/ URLs answer an HTML 404
        server.prettyPermalinks = false
        let network = network()
        // When
        let settings = try await SettingsRemote(network: network).loadGeneralSettings()
        _ = try await SettingsRemote(network: network).loadGeneralSettings()
        // Then
        #expect(!settings.isEmpty)
        #expect(network.currentRouteStyle == .restRoute)
        let paths = server.requestLog.map(\.path)
        #expect(paths.filter { $0.hasPrefix("/wp-json/") }.count == 1, "only the first request tries /wp-json/: \(paths)")
    }

    @Test func request_rateLimited_carriesRetryAfter() async {
        defer { server.stop() }
        server.faults.add(Fault(.status(429, retryAfter: 7), path: "/wc/v3/products"))
        await expectError({ if case .rateLimited(let after) = $0 { after == .seconds(7) } else { false } }) {
            _ = try await ProductsRemote(network: network()).loadProducts(.init())
        }
    }

    @Test(arguments: [500, 502, 503])
    func request_serverFailure_isServerErrorAndRetryable(status: Int) async {
        defer { server.stop() }
        server.faults.add(Fault(.status(status), path: "/wc/v3/products"))
        await expectError({ error in
            if case .serverError(let got, _) = error { got == status && error.isRetryable } else { false }
        }) {
            _ = try await ProductsRemote(network: network()).loadProducts(.init())
        }
    }

    @Test func request_malformedJSON_isMalformedResponseNamingThePath() async {
        defer { server.stop() }
        server.faults.add(Fault(.malformedJSON, path: "/wc/v3/products"))
        await expectError({ if case .malformedResponse(let path, _) = $0 { path.contains("products") } else { false } }) {
            _ = try await ProductsRemote(network: network()).loadProducts(.init())
        }
    }

    @Test func createOrder_resetBeforeWrite_isConnectionLostAndNothingCommitted() async {
        defer { server.stop() }
        server.faults.add(Fault(.resetBeforeWrite, method: "POST", path: "/wc/v3/orders"))
        await expectError({ $0.mayHaveReachedServer }) {
            _ = try await OrdersRemote(network: network()).createOrder(OrderFields(status: .pending))
        }
        #expect(server.orders().isEmpty)
    }

    @Test func createOrder_resetAfterWrite_isUncertainAndTheOrderExists() async {
        defer { server.stop() }
        // Given: the server commits the order, then the connection is reset and the answer lost
        server.faults.add(Fault(.resetAfterWrite, method: "POST", path: "/wc/v3/orders"))
        // When / Then: the client cannot know, so it must look the order up before sending it again
        await expectError({ $0.mayHaveReachedServer }) {
            _ = try await OrdersRemote(network: network()).createOrder(OrderFields(status: .pending))
        }
        #expect(server.orders().count == 1)
    }

    @Test func get_connectionClosedBeforeAnyAnswer_isSentOnceMoreAndSucceeds() async throws {
        defer { server.stop() }
        // Given: the server drops the connection as the GET arrives (an idle keep-alive closed at that moment)
        server.faults.add(Fault(.resetBeforeWrite, method: "GET", path: "/wc/v3/products", count: 1))
        // When / Then: a GET is idempotent, so it goes out once more on a fresh connection and is answered
        let page = try await ProductsRemote(network: network()).loadProducts(.init())
        #expect(!page.items.isEmpty)
        #expect(server.requestLog.filter { $0.path.contains("/wc/v3/products") }.map(\.delivery) == [.reset, .normal])
    }

    @Test func get_connectionClosedBeforeAnyAnswerTwice_isConnectionLostAfterTwoTries() async {
        defer { server.stop() }
        server.faults.add(Fault(.resetBeforeWrite, method: "GET", path: "/wc/v3/products", count: 2))
        await expectError({ if case .connectionLost = $0 { true } else { false } }) {
            _ = try await ProductsRemote(network: network()).loadProducts(.init())
        }
        #expect(server.requestLog.filter { $0.path.contains("/wc/v3/products") }.count == 2)
    }

    @Test func get_answerCutAfterItsHead_isNotSentAgain() async {
        defer { server.stop() }
        // The server answered (its head arrived) and the body was cut: something else is wrong, the caller decides.
        server.faults.add(Fault(.truncatedBody, method: "GET", path: "/wc/v3/products", count: 1))
        await expectError({ if case .connectionLost = $0 { true } else { false } }) {
            _ = try await ProductsRemote(network: network()).loadProducts(.init())
        }
        #expect(server.requestLog.filter { $0.path.contains("/wc/v3/products") }.count == 1)
    }

    @Test func request_slowerThanTimeout_isTimeout() async {
        defer { server.stop() }
        // This test waits for the one-second timeout it is about. The answer is held far longer than that, so a
        // loaded machine that fires the client's deadline late still sees no answer first; stop() cuts the wait.
        server.faults.add(Fault(.latency(milliseconds: 20_000), path: "/wc/v3/products"))
        await expectError({ if case .timeout = $0 { $0.mayHaveReachedServer } else { false } }) {
            _ = try await ProductsRemote(network: network(timeout: .seconds(1))).loadProducts(.init())
        }
    }
}
