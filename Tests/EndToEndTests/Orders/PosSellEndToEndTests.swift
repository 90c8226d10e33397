import Foundation
import Testing
import WooTestServer

/// `pos sell` then `pos orders list|show` as a cashier runs them: the real executable, a logged-in data
/// directory whose catalog is seeded directly, and no network at all during the sale.
@Suite(.serialized)
struct PosSellEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    /// Logs in to the test server, stops it (offline from here on), and seeds the catalog. The demo store enters
    /// prices with 19 % VAT included, in EUR.
    private func prepare() async throws {
        let site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        let login = try await PosProcess.run(["login", "--data-dir", data.path, "--site", site, "--username", "manager"],
                                             environment: ["POS_APP_PASSWORD": "abcd efgh ijkl"])
        #expect(login.status == 0, "stderr: \(login.stderr)")
        server.stop()
        try CatalogSeeder.execute([
            "DELETE FROM taxRate",
            "INSERT INTO taxRate (id, country, rate, name, taxClass) VALUES (501, 'DE', '19.0000', 'MwSt', 'standard')",
            "INSERT INTO product (id, name, sku, price, regularPrice) VALUES (9001, 'Mug', 'MUG-1', '5.95', '5.95')",
            "INSERT INTO product (id, name, sku, globalUniqueId, price, regularPrice) VALUES (9002, 'Tea', 'TEA-1', '4006381333931', '3.49', '3.49')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
    }

    private func tearDown() { data.remove() }

    @Test func sell_cashOffline_thenOrdersShowHasTheSaleWithItsOutbox() async throws {
        defer { tearDown() }
        try await prepare()
        // When
        let sell = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "MUG-1:2", "--item", "4006381333931",
                                             "--pay", "cash:20", "--json"])
        // Then: 2 × 5.95 + 3.49 = 15.39 with VAT included; change 4.61
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        let sale = try #require(try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])
        let order = try #require(sale["order"] as? [String: Any])
        #expect(order["total"] as? String == "15.39")
        #expect(order["totalTax"] as? String == "2.46")
        #expect(sale["change"] as? String == "4.61")
        #expect(order["localNumber"] as? Int == 1)
        let uuid = try #require(order["clientUUID"] as? String)

        let show = try await PosProcess.run(["orders", "show", uuid, "--data-dir", data.path, "--json"])
        #expect(show.status == 0, "stderr: \(show.stderr)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(shown["total"] as? String == "15.39")
        #expect(shown["syncState"] as? String == "pending")
        #expect((shown["lines"] as? [[String: Any]])?.count == 2)
        #expect((shown["payments"] as? [[String: Any]])?.first?["tendered"] as? String == "20.00")
        #expect((shown["outbox"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["createOrder"])

        let text = try await PosProcess.run(["orders", "show", "1", "--data-dir", data.path])
        #expect(text.stdout.contains("Total: "))
        let list = try await PosProcess.run(["orders", "list", "--pending", "--data-dir", data.path, "--json"])
        #expect(list.status == 0)
        #expect(((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8))) as? [Any])?.count == 1)
    }

    @Test func sell_cardOrUnknownCode_saysWhatToDo() async throws {
        defer { tearDown() }
        try await prepare()
        let card = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "MUG-1", "--pay", "card"])
        #expect(card.status == 12)
        #expect(card.stderr.contains("No card reader is set up"))
        let unknown = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "NOPE", "--pay", "cash"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("not found: NOPE"))
    }
}
