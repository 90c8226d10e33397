import Foundation
import Testing
import WooTestServer

/// `pos terminal-sim` and `pos reader pay` as separate processes, over a real TCP socket and a real pty. `pos
/// reader pay` is journalled in the store's currency, so each test logs in to a test store first.
@Suite(.serialized)
struct ReaderPayEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory

    init() async throws {
        data = try TemporaryDirectory()
        let site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "pay pass", role: .shopManager)
        let login = try await TestProcess.run(PosProcess.executable.path,
                                              ["login", "--site", site, "--username", "manager", "--data-dir", data.path],
                                              environment: PosProcess.environment(adding: ["POS_APP_PASSWORD": "pay pass"]))
        #expect(login.status == 0)
    }

    /// Runs `pos` once in the logged-in data directory, then stops the store and removes the directory.
    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        defer {
            server.stop()
            data.remove()
        }
        return try await PosProcess.run(arguments + ["--data-dir", data.path])
    }

    private func expectApproved(_ outcome: PosProcess.Outcome, amount: String) throws {
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "approved")
        #expect(json["amount"] as? String == amount)
        let pan = try #require(json["maskedPAN"] as? String)
        #expect(pan.filter(\.isNumber).count == 4, "only the last 4 digits: \(pan)")
        #expect(json["cardName"] as? String != nil)
        #expect(json["approvalCode"] as? String != nil)
        #expect(json["applicationID"] as? String != nil)
        #expect(json["entryMode"] as? String != nil)
        #expect(!((json["slipLines"] as? [String]) ?? []).isEmpty)
        #expect(!outcome.stdout.lowercased().contains("expir"))
        #expect((json["attemptId"] as? String)?.isEmpty == false, "journalled before the request left")
    }

    @Test func pay_zvtOverTCP_againstTheSimulator_isApprovedWithCardDetails() async throws {
        // Given
        let (simulator, reader) = try await RunningPos.zvtSimulator()
        defer { simulator.terminate() }
        // When
        let outcome = try await pos([
            "reader", "pay", "--reader", reader, "--amount", "12.50", "--currency", "EUR", "--json",
        ])
        // Then
        try expectApproved(outcome, amount: "12.50")
    }

    @Test func pay_zvtOverAPty_againstTheSimulator_isApproved() async throws {
        let links = try TemporaryDirectory()
        defer { links.remove() }
        let link = links.url.appendingPathComponent("ttyZVT").path
        let simulator = try await RunningPos(["terminal-sim", "--zvt-serial", link])
        defer { simulator.terminate() }
        #expect(await simulator.line(containing: link) != nil)
        let outcome = try await pos([
            "reader", "pay", "--reader", "zvt+serial://\(link)", "--amount", "7.99", "--currency", "EUR", "--json",
        ])
        try expectApproved(outcome, amount: "7.99")
    }

    @Test func pay_declinedByTheSimulator_exitsDeclinedAndSaysWhy() async throws {
        let (simulator, reader) = try await RunningPos.zvtSimulator(["--script", "decline:05"])
        defer { simulator.terminate() }
        let outcome = try await pos([
            "reader", "pay", "--reader", reader, "--amount", "3.00", "--currency", "EUR",
        ])
        #expect(outcome.status == 11)
        #expect(outcome.stderr.contains("declined"))
    }

    @Test func pay_withoutStoreSettings_exitsNotLoggedInAndSaysToLogIn() async throws {
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "zvt+tcp://127.0.0.1:9", "--amount", "1.00", "--data-dir", empty.path,
        ])
        server.stop()
        data.remove()
        #expect(outcome.status == 10)
        #expect(outcome.stderr.contains("pos login"), "\(outcome.stderr)")
    }

    @Test func pay_inAnotherCurrencyThanTheStores_isRefusedAsUsage() async throws {
        let outcome = try await pos(["reader", "pay", "--reader", "zvt+tcp://127.0.0.1:9", "--amount", "1.00", "--currency", "USD"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("the store sells in EUR, not USD"), "\(outcome.stderr)")
    }

    @Test func pay_nothingListening_exitsReaderUnavailable() async throws {
        let port = try freeLoopbackPort()
        let outcome = try await pos([
            "reader", "pay", "--reader", "zvt+tcp://127.0.0.1:\(port)", "--amount", "1.00", "--currency", "EUR",
        ])
        #expect(outcome.status == 12)
        #expect(outcome.stderr.contains("No terminal answers"))
    }
}
