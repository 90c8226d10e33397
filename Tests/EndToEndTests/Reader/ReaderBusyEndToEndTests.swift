import Foundation
import Testing
import WooTestServer

/// One card operation per reader across processes, end to end: `pos terminal-sim` holds a payment (`wait`) or
/// holds the line after approving (`hold`) and announces it; tests act at that moment, never after a timer.
@Suite(.serialized)
struct ReaderBusyEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory
    let site: String
    let ledger: URL

    init() throws {
        data = try TemporaryDirectory()
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "busy pass", role: .shopManager)
        ledger = data.url.deletingLastPathComponent().appendingPathComponent("ledger-\(UUID().uuidString).jsonl")
    }

    private func tearDown(_ simulator: RunningPos?) async {
        if let simulator {
            simulator.terminate()
            _ = await simulator.waitForExit()
        }
        server.stop()
        data.remove()
        try? FileManager.default.removeItem(at: ledger)
    }

    private var environment: [String: String] { PosProcess.environment(adding: ["POS_APP_PASSWORD": "busy pass"]) }

    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": "busy pass"])
    }

    /// Starts `pos` with `arguments` in this data directory without waiting.
    private func start(_ arguments: [String]) async throws -> TestProcess {
        try await TestProcess.start(PosProcess.executable.path, arguments + ["--data-dir", data.path], environment: environment)
    }

    /// Logs in, seeds a 5.00 zero-rate product, and starts the simulator with `script`; returns it and its reader URL.
    private func prepare(script: String) async throws -> (RunningPos, String) {
        let productID = server.addProduct(name: "Busy Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        try await CatalogSeeder.execute([
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Busy Mug', 'BUSY-MUG', '5.00', '5.00', 'zero-rate')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
        return try await RunningPos.zvtSimulator(["--log", ledger.path, "--script", script])
    }

    private func approvals() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: ledger.path) else { return [] }
        return try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["kind"] as? String == "payment" && $0["resultCode"] as? Int == 0 }
    }

    @Test func twoCardSalesAtOnceOnOneReader_oneChargedTheOtherRefusedBusyWithNoAdviceToResolve() async throws {
        // Given: a terminal that holds each payment until released
        let (simulator, reader) = try await prepare(script: "wait")
        let sale = ["sell", "--item", "BUSY-MUG:2", "--pay", "card", "--reader", reader, "--json"]

        // When: two sales start at the same moment; the terminal announces it holds one of them; the other ends;
        // then the terminal is released
        let sales = [try await start(sale), try await start(sale)]
        let held = await simulator.line(containing: "HOLD waiting")
        let (refused, charged) = await withTaskGroup(of: (Int, (status: Int32, stdout: String, stderr: String)).self) { group in
            for (index, child) in sales.enumerated() { group.addTask { (index, await child.collectOutput()) } }
            let first = await group.next()!
            kill(simulator.pid, SIGUSR1)
            let second = await group.next()!
            return (first, second)
        }
        let resolve = try await pos(["reader", "resolve", "--reader", reader])
        let charges = try approvals()
        await tearDown(simulator)

        // Then: one sale charged once; the other refused as busy naming the live attempt and its process, told to
        // wait, not to resolve anything; nothing left unresolved
        #expect(held?.contains("payment 10.00") == true)
        #expect(charged.1.status == 0, "\(charged.1.stderr)")
        #expect(refused.1.status == 15, "\(refused.1.stderr)")
        let holderPid = sales[charged.0].pid
        let message = refused.1.stderr
        let json = try #require(try JSONSerialization.jsonObject(with: Data(charged.1.stdout.utf8)) as? [String: Any])
        let attempt = try #require(json["attemptId"] as? String)
        #expect(message.contains("is busy with attempt \(attempt) (process \(holderPid), since "), "\(message)")
        #expect(message.contains("(process \(holderPid), since "), "\(message)")
        #expect(!message.contains("resolve") && !message.contains("charged"), "\(message)")
        #expect(charges.count == 1)
        #expect(resolve.status == 0 && resolve.stdout.contains("No unresolved card attempts."), "\(resolve.stdout) \(resolve.stderr)")
    }

    @Test func readerPayKilledAtTheTerminalsHold_resolveFindsTheJournalledAttemptAndRecordsItOnce() async throws {
        // Given: a terminal that approves, then holds the line; `pos reader pay` killed at that moment
        let (simulator, reader) = try await prepare(script: "hold")
        let pay = try await TestProcess.start(PosProcess.executable.path,
                                              ["reader", "pay", "--reader", reader, "--amount", "7.50", "--data-dir", data.path],
                                              environment: environment, stdout: .null, stderr: .null)
        let announced = await simulator.line(containing: "HOLD approved")
        pay.signal(SIGKILL)
        let killed = await pay.waitForExit()

        // When
        let status = try await pos(["status"])
        let resolve = try await pos(["reader", "resolve", "--reader", reader])
        let again = try await pos(["reader", "resolve", "--reader", reader])
        let charges = try approvals()
        await tearDown(simulator)

        // Then: the journalled attempt is found and settled with the terminal, once; nothing charged twice
        #expect(announced?.contains("payment 7.50") == true)
        #expect(killed != 0)
        #expect(status.stdout.contains("unresolved card payments: 1"), "\(status.stdout)")
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(resolve.stdout.contains("7.50") && resolve.stdout.contains("approved") && resolve.stdout.contains("recorded once"),
                "\(resolve.stdout)")
        #expect(again.status == 0 && again.stdout.contains("No unresolved card attempts."), "\(again.stdout)")
        #expect(charges.count == 1)
    }

    @Test func resolveWhileThePaymentIsLive_refusedBusyWithItsOwnExitCode_thenThePaymentCompletesOnce() async throws {
        // Given: `pos reader pay` whose payment the terminal holds
        let (simulator, reader) = try await prepare(script: "wait")
        let pay = try await start(["reader", "pay", "--reader", reader, "--amount", "3.20", "--json"])
        _ = try #require(await simulator.line(containing: "HOLD waiting"))

        // When: resolving with the terminal, then by hand with the attempt the refusal named, while it runs
        let withTerminal = try await pos(["reader", "resolve", "--reader", reader])
        let attempt = try #require(withTerminal.stderr.firstMatch(of: #/busy with attempt ([0-9A-Fa-f-]+) /#)?.1)
        let byHand = try await pos(["reader", "resolve", "--attempt", String(attempt), "--not-charged", "--note", "stuck?"])
        kill(simulator.pid, SIGUSR1)
        let paid = await pay.collectOutput()
        let after = try await pos(["reader", "resolve", "--reader", reader])
        let charges = try approvals()
        await tearDown(simulator)

        // Then: both refused as busy (15) naming the live process; the payment then records its own approval
        for refused in [withTerminal, byHand] {
            #expect(refused.status == 15, "\(refused.stdout) \(refused.stderr)")
            #expect(refused.stderr.contains("(process \(pay.pid), since "), "\(refused.stderr)")
            #expect(!refused.stderr.contains("--charged") && !refused.stderr.contains("--not-charged"), "\(refused.stderr)")
        }
        #expect(paid.status == 0, "\(paid.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(paid.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "approved" && json["attemptId"] as? String == String(attempt))
        #expect(after.status == 0 && after.stdout.contains("No unresolved card attempts."), "\(after.stdout)")
        #expect(charges.count == 1)
    }
}
