import Foundation
import Testing
import WooTestServer

/// Training mode against the WooCommerce test server, with the real `pos` binary: a training sale is
/// never queued, so `pos sync` never creates it in the store; a real sale made after training ends is. Switching
/// training on is a manager's call where cashiers are set up.
@Suite(.serialized)
struct PosTrainingSyncEndToEndTests {
    let server = WooTestServer()
    let site: String
    let data: TemporaryDirectory

    static let managerPin = "2468"
    static let cashierPin = "1357"

    init() throws {
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "training pass", role: .shopManager)
        _ = server.addProduct(name: "Training Mug", regularPrice: "4.00", sku: "TRAIN-MUG", taxClass: "zero-rate")
        data = try TemporaryDirectory()
    }

    private func tearDown() {
        server.stop()
        data.remove()
    }

    private func pos(_ arguments: [String], stdin: String? = nil) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": "training pass"],
                                 stdin: stdin)
    }

    private func json(_ outcome: PosProcess.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func trainingSale_neverQueued_absentFromTheStoreAfterSync() async throws {
        defer { tearDown() }
        // Given a logged-in till with the store's catalog, switched into training
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        #expect(try await pos(["catalog", "sync"]).status == 0)
        let on = try await pos(["register", "training", "on", "--json"])
        #expect(on.status == 0, "\(on.stderr)")
        #expect(try json(on)["training"] as? Bool == true)

        // When two mugs are sold in training, then training ends and one mug is sold for real
        let practice = try await pos(["sell", "--item", "TRAIN-MUG:2", "--pay", "cash", "--json"])
        #expect(practice.status == 0, "\(practice.stderr)")
        let practiceOrder = try #require(try json(practice)["order"] as? [String: Any])
        let queuedInTraining = try json(try await pos(["status", "--json"]))
        #expect(queuedInTraining["unsyncedEntries"] as? Int == 0, "a training sale queues nothing: \(queuedInTraining)")
        #expect(queuedInTraining["training"] as? Bool == true)
        #expect(try await pos(["register", "training", "off"]).status == 0)
        let real = try await pos(["sell", "--item", "TRAIN-MUG", "--pay", "cash", "--json"])
        #expect(real.status == 0, "\(real.stderr)")

        // Then pos sync sends the real sale alone, and the store has that one order (4.00), not the practice (8.00)
        let sync = try await pos(["sync", "--json"])
        #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
        #expect((try json(sync)["summary"] as? [String: Any])?["sent"] as? Int == 1, "\(sync.stdout)")
        let orders = server.orders()
        #expect(orders.count == 1, "\(orders.map(\.total))")
        #expect(orders.first?.total.micros == 4_000_000)
        let practiceUUID = try #require(practiceOrder["clientUUID"] as? String ?? practiceOrder["reference"] as? String)
        #expect(!orders.contains { order in order.metaData.contains { $0.value == .string(practiceUUID) } })
        // And a second sync still sends nothing for it; nothing is left to sync
        let again = try await pos(["sync", "--json"])
        #expect((try json(again)["summary"] as? [String: Any])?["sent"] as? Int == 0)
        #expect(server.orders().count == 1)
        let status = try json(try await pos(["status", "--json"]))
        #expect(status["unsyncedOrders"] as? Int == 0 && status["training"] as? Bool == false, "\(status)")
        // And the practice sale's receipt says TRAINING
        let localNumber = try #require(practiceOrder["localNumber"] as? Int)
        let receipt = try await pos(["receipt", "show", String(localNumber)])
        #expect(receipt.stdout.contains("TRAINING: not a real sale"), "\(receipt.stdout)")
        let shown = try await pos(["orders", "show", String(localNumber)])
        #expect(shown.stdout.contains("TRAINING sale"), "\(shown.stdout)")
        let listed = try await pos(["orders", "list"])
        #expect(listed.stdout.split(separator: "\n").filter { $0.hasSuffix("TRAINING") }.count == 1, "\(listed.stdout)")
    }

    @Test func trainingOn_withCashiers_needsAManager_offIsAnyones() async throws {
        defer { tearDown() }
        // Given a till with a manager and a signed-in cashier
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        #expect(try await pos(["cashier", "add", "Ann", "--role", "manager"], stdin: "\(Self.managerPin)\n").status == 0)
        #expect(try await pos(["cashier", "add", "Bob", "--manager", "Ann"],
                              stdin: "\(Self.managerPin)\n\(Self.cashierPin)\n").status == 0)
        #expect(try await pos(["cashier", "sign-in", "Bob"], stdin: "\(Self.cashierPin)\n").status == 0)
        let shift = try await pos(["shift", "open", "--float", "10.00"])
        #expect(shift.status == 0, "\(shift.stderr)")

        // When the cashier switches training on alone, then with a cashier's PIN as the "manager"
        let alone = try await pos(["register", "training", "on"])
        let notManager = try await pos(["register", "training", "on", "--manager", "Bob"], stdin: "\(Self.cashierPin)\n")

        // Then both are refused with the approval exit code, and the register stays out of training
        #expect(alone.status == 16, "\(alone.stdout) \(alone.stderr)")
        #expect(alone.stderr.contains("manager"), "\(alone.stderr)")
        #expect(notManager.status == 16, "\(notManager.stderr)")
        #expect(try await pos(["register", "training"]).stdout.contains("Training is OFF"))

        // When the manager approves: training is on, and the approval is recorded
        let approved = try await pos(["register", "training", "on", "--manager", "Ann"], stdin: "\(Self.managerPin)\n")
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(try await pos(["register", "training", "status"]).stdout.contains("Training is ON"))
        let approvals = try await pos(["cashier", "approvals"])
        #expect(approvals.stdout.contains("training"), "\(approvals.stdout)")

        // And the cashier switches it off without a manager
        let off = try await pos(["register", "training", "off"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.contains("Training is OFF"))
    }
}
