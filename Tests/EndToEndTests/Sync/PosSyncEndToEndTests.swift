import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WooTestServer

/// `pos sync` as an operator runs it: the real executable and data directory, real HTTP to the test server.
/// Sales are real `pos sell --pay cash` sales from the synced catalog.
@Suite(.serialized)
struct PosSyncEndToEndTests {
    let server = WooTestServer()
    let site: String
    let data: TemporaryDirectory
    let productID: Int64

    init() throws {
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "sync pass", role: .shopManager)
        productID = server.addProduct(name: "Sync Mug", regularPrice: "4.00", sku: "SYNC-MUG", taxClass: "zero-rate").id
        data = try TemporaryDirectory()
    }

    private func tearDown() {
        server.stop()
        data.remove()
    }

    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": "sync pass"])
    }

    private func loginAndQueue(_ count: Int, sku: String = "SYNC-MUG") async throws {
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        #expect(try await pos(["catalog", "sync"]).status == 0)
        for _ in 0..<count {
            let sold = try await pos(["sell", "--item", sku, "--pay", "cash"])
            #expect(sold.status == 0, "\(sold.stderr)")
        }
    }

    private func summary(_ outcome: PosProcess.Outcome) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["summary"] as? [String: Any])
    }

    @Test func sync_queuedSales_exitsZeroAndSecondSyncSendsNothing() async throws {
        defer { tearDown() }
        // Given three queued sales
        try await loginAndQueue(3)

        // When syncing twice
        let first = try await pos(["sync", "--json"])
        let second = try await pos(["sync", "--json"])

        // Then the first sends one create (created paid) for each, the second nothing; both exit 0
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try summary(first)["sent"] as? Int == 3)
        #expect(second.status == 0)
        #expect(try summary(second)["sent"] as? Int == 0)
        #expect(server.orders().count == 3 && server.orders().allSatisfy { $0.datePaid != nil })
    }

    @Test func manualItem_storeUnreachable_soldAtATypedPrice_syncedMarkedForReview() async throws {
        defer { tearDown() }
        // Given a synced catalog, then the store stops answering as WooCommerce (any request is a 404 page)
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        #expect(try await pos(["catalog", "sync"]).status == 0)
        server.mode = .notWordPress

        // When a code the catalog lacks is looked up, then sold as a manual item at a typed price
        let lookup = try await pos(["catalog", "lookup", "4012345678901"])
        let sold = try await pos(["sell", "--manual", "price=3.00,tax=reduced-rate,name=Rye bread,code=4012345678901",
                                  "--pay", "cash"])
        let review = try await pos(["orders", "list", "--review", "--json"])

        // Then it says plainly it is not in the catalog, sells it, and lists the order for review
        #expect(lookup.status == 2)
        #expect(lookup.stderr.contains("not in the catalog: 4012345678901"), "\(lookup.stderr)")
        #expect(sold.status == 0, "\(sold.stderr)")
        #expect(sold.stdout.contains("Rye bread"))
        let listed = try JSONSerialization.jsonObject(with: Data(review.stdout.utf8)) as? [[String: Any]]
        #expect(listed?.count == 1)
        let line = (listed?.first?["lines"] as? [[String: Any]])?.first
        #expect(line?["manualItemCode"] as? String == "4012345678901")

        // When the store is back and the sale syncs
        server.mode = .wooCommerce
        let sync = try await pos(["sync"])

        // Then the store's order has the line by name, without a product, marked for review
        #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
        let order = try #require(server.orders().last)
        let item = try #require(order.lineItems.first)
        #expect(item.name == "Rye bread" && item.productID == 0 && item.taxClass == "reduced-rate")
        #expect(item.metaData.contains { $0.key == "_pos_manual_item" && $0.value == .string("4012345678901") })
        // taxed by its class as the counter taxed it: 3.00 with 7 % included (the store enters prices with tax)
        #expect(order.total.micros == 3_000_000 && order.totalTax.micros == 200_000)
        let shown = try await pos(["orders", "show", "1"])
        #expect(shown.stdout.contains("manual item (code 4012345678901), to review"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("Server total differs"))
    }

    @Test func sync_storeDown_exitsFourAndKeepsTheSales() async throws {
        defer { tearDown() }
        // Given a queued sale and a store that stopped answering
        try await loginAndQueue(1)
        server.stop()

        // When syncing
        let outcome = try await pos(["sync"])

        // Then exit 4, and the sale still waits
        #expect(outcome.status == 4, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("unreachable"))
        let status = try await pos(["status", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(report?["unsyncedEntries"] as? Int == 1)
    }

    @Test func sync_storeDown_germanLanguage_namesTheFailureInGerman() async throws {
        defer { tearDown() }
        // Given a queued sale, a store that stopped answering, and a person whose LANG is German
        try await loginAndQueue(1)
        server.stop()

        // When syncing
        let outcome = try await PosProcess.run(["sync", "--data-dir", data.path],
                                               environment: ["POS_APP_PASSWORD": "sync pass", "LANG": "de_DE.UTF-8"])

        // Then exit 4, and the network's failure reads in German (the store refused the connection)
        #expect(outcome.status == 4, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("hat die Verbindung abgelehnt"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("refused the connection"), "\(outcome.stdout)")
    }

    @Test func sync_unknownProduct_exitsThreeWithTheReasonAndDiscardNeedsConfirmation() async throws {
        defer { tearDown() }
        // Given a sale of a product the store deleted after the catalog sync
        let doomed = server.addProduct(name: "Discontinued", regularPrice: "4.00", sku: "DOOMED", taxClass: "zero-rate")
        try await loginAndQueue(1, sku: "DOOMED")
        var delete = URLRequest(url: URL(string: "\(site.hasSuffix("/") ? String(site.dropLast()) : site)/wp-json/wc/v3/products/\(doomed.id)?force=true")!)
        delete.httpMethod = "DELETE"
        delete.setValue("Basic " + Data("manager:sync pass".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        _ = try await URLSession.shared.data(for: delete)
        #expect(server.product(id: doomed.id) == nil)

        // When syncing, then discarding without and with confirmation
        let outcome = try await pos(["sync"])
        let unconfirmed = try await pos(["sync", "--discard", "1"])
        let confirmed = try await pos(["sync", "--discard", "1", "--confirm-discard", "--list"])

        // Then exit 3 with the reason; the discard is refused without the flag
        #expect(outcome.status == 3, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("PARKED 1") && outcome.stdout.contains("empty line instead of product \(doomed.id)"))
        #expect(unconfirmed.status == 64)
        #expect(confirmed.status == 0 && confirmed.stdout.contains("Discarded entry 1"))
    }
}
