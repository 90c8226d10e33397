import Foundation
import Testing
import WooTestServer

/// The fault matrix's "pos killed" row end to end: `pos terminal-sim` runs as its own process with its ledger, `pos
/// sell --pay card` is killed with SIGKILL at the moment the terminal announces (an event, not a timer), then
/// `pos reader resolve`, the next sale and `pos sync` must charge and send each order exactly once.
@Suite(.serialized)
struct PosKilledMidPaymentEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory
    let site: String
    let ledger: URL

    init() throws {
        data = try TemporaryDirectory()
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "kill pass", role: .shopManager)
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

    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": "kill pass"])
    }

    /// Logs in, seeds a 5.00 zero-rate product, and starts the simulator with `script`; returns it and its reader URL.
    private func prepare(script: String) async throws -> (RunningPos, String) {
        let productID = server.addProduct(name: "Kill Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        try await CatalogSeeder.execute([
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Kill Mug', 'KILL-MUG', '5.00', '5.00', 'zero-rate')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
        return try await RunningPos.zvtSimulator(["--log", ledger.path, "--script", script])
    }

    /// Starts `pos sell --pay card`, waits for the simulator to announce `event`, and kills pos with SIGKILL then.
    private func sellKilled(at event: String, simulator: RunningPos, reader: String) async throws -> Int32 {
        let sale = try await TestProcess.start(
            PosProcess.executable.path,
            ["sell", "--item", "KILL-MUG:2", "--pay", "card", "--reader", reader, "--data-dir", data.path],
            environment: PosProcess.environment(adding: ["POS_APP_PASSWORD": "kill pass"]), stdout: .null, stderr: .null)
        let announced = await simulator.line(containing: event)
        sale.signal(SIGKILL)
        let status = await sale.waitForExit()
        #expect(announced != nil, "the simulator never announced \(event)")
        return status
    }

    private func approvals() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: ledger.path) else { return [] }
        return try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["kind"] as? String == "payment" && $0["resultCode"] as? Int == 0 }
    }

    @Test func sellCard_killedAfterTerminalApproved_resolveRecordsItOnceAndSyncSendsOnePaidOrder() async throws {
        // Given a terminal that approves, then holds the line, and pos killed at that moment
        let (simulator, reader) = try await prepare(script: "hold,approve")
        let killed = try await sellKilled(at: "HOLD approved", simulator: simulator, reader: reader)

        // When resolving, resolving again, and syncing
        let resolve = try await pos(["reader", "resolve", "--reader", reader])
        let again = try await pos(["reader", "resolve", "--reader", reader])
        let sync = try await pos(["sync"])
        let charged = try approvals()
        await tearDown(simulator)

        // Then the approval is recorded once, the terminal charged once, and one paid card order reached the store
        #expect(killed != 0)
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(resolve.stdout.contains("approved") && resolve.stdout.contains("recorded once"), "\(resolve.stdout)")
        #expect(again.status == 0 && again.stdout.contains("No unresolved card attempts."), "\(again.stdout)")
        #expect(charged.count == 1)
        #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
        let orders = server.orders()
        #expect(orders.count == 1)
        #expect(orders.first?.datePaid != nil && orders.first?.paymentMethod == "pos_card")
        #expect(orders.first?.total.micros == 10_000_000)
    }

    @Test func sellCard_killedBeforeTerminalActed_resolveSaysNotChargedAndNextSaleChargesOnce() async throws {
        // Given one paid sale, then a second whose request the terminal holds unbooked, with pos killed then
        let (simulator, reader) = try await prepare(script: "approve,hold-request,approve")
        let first = try await pos(["sell", "--item", "KILL-MUG", "--pay", "card", "--reader", reader])
        let killed = try await sellKilled(at: "HOLD request", simulator: simulator, reader: reader)

        // When resolving, selling again by card, and syncing
        let resolve = try await pos(["reader", "resolve", "--reader", reader])
        let next = try await pos(["sell", "--item", "KILL-MUG:2", "--pay", "card", "--reader", reader])
        let sync = try await pos(["sync"])
        let charged = try approvals()
        await tearDown(simulator)

        // Then the held attempt is closed as not charged, the next sale is charged once, two paid orders synced
        #expect(first.status == 0, "\(first.stderr)")
        #expect(killed != 0)
        #expect(resolve.status == 0 && resolve.stdout.contains("not charged"), "\(resolve.stdout) \(resolve.stderr)")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(charged.count == 2)
        #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
        #expect(server.orders().count == 2 && server.orders().allSatisfy { $0.datePaid != nil })
        #expect(Set(server.orders().map(\.total.micros)) == [5_000_000, 10_000_000])
    }
}
