import Foundation
import Testing
import WooTestServer

/// `pos login`, `pos status` and `pos logout` as an operator runs them: the real executable, a real data
/// directory, real HTTP to the WooCommerce-compatible test server.
@Suite(.serialized)
struct PosLoginEndToEndTests {
    let server = WooTestServer()
    let site: String
    let data: TemporaryDirectory

    init() throws {
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        data = try TemporaryDirectory()
    }

    private func tearDown() {
        server.stop()
        data.remove()
    }

    private func login(site: String, password: String = "abcd efgh ijkl") async throws -> PosProcess.Outcome {
        try await PosProcess.run(
            ["login", "--data-dir", data.path, "--site", site, "--username", "manager"],
            environment: ["POS_APP_PASSWORD": password]
        )
    }

    @Test func login_wrongPassword_saysSoWithItsOwnExitCode() async throws {
        defer { tearDown() }
        let outcome = try await login(site: site, password: "wrong")
        #expect(outcome.status == 6)
        #expect(outcome.stderr.contains("user name or application password is wrong"))
        #expect(outcome.stderr.contains("Application Passwords"))
        #expect(!outcome.stderr.contains("wrong\n") && !outcome.stdout.contains("abcd"))
    }

    @Test func login_wrongSite_saysItCannotBeReached() async throws {
        defer { tearDown() }
        let outcome = try await login(site: "https://nonexistent.invalid")
        #expect(outcome.status == 3)
        #expect(outcome.stderr.contains("could not be reached"))
        #expect(outcome.stderr.contains("nonexistent.invalid"))
    }

    @Test func login_siteWithoutWooCommerce_saysToActivateIt() async throws {
        defer { tearDown() }
        server.mode = .wordPressWithoutWooCommerce
        let outcome = try await login(site: site)
        #expect(outcome.status == 5)
        #expect(outcome.stderr.contains("WooCommerce is not active"))
        #expect(outcome.stderr.contains("Install and activate WooCommerce"))
    }

    @Test func login_notWordPress_saysSo() async throws {
        defer { tearDown() }
        server.mode = .notWordPress
        let outcome = try await login(site: site)
        #expect(outcome.status == 4)
        #expect(outcome.stderr.contains("is not a WordPress site"))
    }

    @Test func login_plainHTTPToAnotherHost_isRefusedAsUsage() async throws {
        defer { tearDown() }
        let outcome = try await login(site: "http://shop.example.com")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("Use https://"))
    }

    @Test func login_goodCredentials_thenStatusJSONShowsStoreNameAndCurrency() async throws {
        defer { tearDown() }
        // Given / When
        let login = try await login(site: site)
        #expect(login.status == 0, "stderr: \(login.stderr)")
        #expect(login.stdout.contains("Logged in to Demo Store"))
        let status = try await PosProcess.run(["status", "--json", "--data-dir", data.path])
        // Then
        #expect(status.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let store = try #require(json["store"] as? [String: Any])
        #expect(json["mode"] as? String == "store")
        #expect(store["name"] as? String == "Demo Store")
        #expect(store["currency"] as? String == "EUR")
        #expect(json["username"] as? String == "manager")
        // The password is stored owner-only and printed nowhere.
        let credentials = data.url.appendingPathComponent("credentials.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        for text in [login.stdout, login.stderr, status.stdout, status.stderr] {
            #expect(!text.contains("abcd efgh ijkl"))
        }
    }

    @Test func logout_afterLogin_wipesAndStatusSaysNotLoggedIn() async throws {
        defer { tearDown() }
        #expect(try await login(site: site).status == 0)
        let logout = try await PosProcess.run(["logout", "--data-dir", data.path])
        #expect(logout.status == 0)
        let status = try await PosProcess.run(["status", "--json", "--data-dir", data.path])
        #expect(status.stdout.contains("\"mode\" : \"unconfigured\""))
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("credentials.json").path))
    }

    @Test func run_nothingConfigured_opensTheDemoStore() async throws {
        defer { tearDown() }
        let outcome = try await PosProcess.run(["--data-dir", data.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("DEMO"))
        #expect(outcome.stdout.contains("Demo Store"))
    }
}
