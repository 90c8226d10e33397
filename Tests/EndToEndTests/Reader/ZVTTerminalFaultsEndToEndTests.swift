import Foundation
import Testing
import WooTestServer

/// Terminal faults end to end: `pos sell --pay card` against `pos terminal-sim` playing a terminal we did not write, on
/// TCP and on a pty. The counter's two short limits are set to 1 s through the environment (the limits are what
/// is tested; a subprocess cannot take an injected clock), so each sale ends at once: an approval the terminal
/// booked is recorded once and synced once; a payment it never booked is not charged.
@Suite(.serialized)
struct ZVTTerminalFaultsEndToEndTests {
    enum Line: String, CaseIterable { case tcp, pty }

    let server = WooTestServer()
    let data: TemporaryDirectory
    let site: String
    let ledger: URL

    init() throws {
        data = try TemporaryDirectory()
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "fault pass", role: .shopManager)
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
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: [
            "POS_APP_PASSWORD": "fault pass", "POS_ZVT_COMPLETION_LIMIT": "1", "POS_ZVT_SILENCE_LIMIT": "1",
        ])
    }

    /// Logs in, seeds a 5.00 zero-rate product, and starts the simulator with `script` on `line`.
    private func prepare(script: String, line: Line) async throws -> (RunningPos, String) {
        let productID = server.addProduct(name: "Fault Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        try await CatalogSeeder.execute([
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Fault Mug', 'FAULT-MUG', '5.00', '5.00', 'zero-rate')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
        switch line {
        case .tcp:
            return try await RunningPos.zvtSimulator(["--log", ledger.path, "--script", script])
        case .pty:
            let link = data.url.appendingPathComponent("zvt-pty").path
            let simulator = try await RunningPos(["terminal-sim", "--zvt-serial", link, "--log", ledger.path, "--script", script])
            _ = try #require(await simulator.line(containing: "terminal simulator on"))
            return (simulator, "zvt+serial://\(link)")
        }
    }

    private func approvals() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: ledger.path) else { return [] }
        return try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["kind"] as? String == "payment" && $0["resultCode"] as? Int == 0 }
    }

    @Test(arguments: [("unknown-field", Line.tcp), ("unknown-field", .pty), ("silent-after-status", .tcp),
                      ("silent-after-status", .pty), ("truncated-frame", .tcp), ("truncated-frame", .pty)])
    func sellCard_terminalApprovesThenFallsSilent_recordsTheApprovalOnceAndSyncsOnePaidOrder(
        script: String, line: Line
    ) async throws {
        // Given
        let (simulator, reader) = try await prepare(script: script, line: line)

        // When
        let started = ContinuousClock.now
        let sell = try await pos(["sell", "--item", "FAULT-MUG:2", "--pay", "card", "--reader", reader, "--json"])
        let took = started.duration(to: .now)
        let sync = try await pos(["sync"])
        let again = try await pos(["sync", "--json"])
        let booked = try approvals()
        await tearDown(simulator)

        // Then
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        // A hang guard on the real clock, not a speed check: the limits are 1 s and the unanswered abort's T3 5 s, so
        // the sale ends in seconds; a limit that did not apply would leave it waiting T4 (180 s) after the prompts.
        #expect(took < .seconds(90), "pos sell took \(took)")
        #expect(!sell.stderr.contains("completionTimeout") && !sell.stderr.contains("noCompletion"))
        #expect(!sell.stderr.contains("messageCutShort"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])
        #expect(report["card"] as? String == "10.00")
        #expect(booked.count == 1, "the terminal's ledger: \(booked)")
        #expect(sync.status == 0, "stderr: \(sync.stderr)")
        #expect(again.stdout.contains("\"sent\" : 0") || again.stdout.contains("\"sent\":0"), "second sync: \(again.stdout)")
        let paid = server.orders().filter { $0.datePaid != nil }
        #expect(paid.count == 1)
        #expect(paid.first?.paymentMethod == "pos_card")
        if let receipt = booked.first?["receiptNumber"] as? Int {
            #expect(paid.first?.transactionID.contains("receipt \(receipt)") == true, "\(paid.first?.transactionID ?? "")")
        }
    }

    @Test(arguments: Line.allCases)
    func sellCard_terminalSilentAfterAcknowledgement_abortsAndLeavesTheOrderUnpaid(line: Line) async throws {
        // Given
        let (simulator, reader) = try await prepare(script: "silent-after-ack", line: line)

        // When
        let sell = try await pos(["sell", "--item", "FAULT-MUG", "--pay", "card", "--reader", reader])
        let booked = try approvals()
        await tearDown(simulator)

        // Then
        #expect(sell.status == 11, "stderr: \(sell.stderr)")
        #expect(sell.stderr.contains("Not charged"))
        #expect(booked.isEmpty)
    }
}
