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
        try await CatalogSeeder.execute([
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
        #expect(unknown.status == 2)  // not found, as `pos --help` says
        #expect(unknown.stderr.contains("not found: NOPE"))
    }

    private func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func sell_quantityOverTheLimit_isRefusedWithUsageAndRecordsNothing() async throws {
        defer { tearDown() }
        try await prepare()
        // When
        let sell = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "4006381333931:99999999999", "--pay", "cash"])
        let orders = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        let carts = try await PosProcess.run(["cart", "list", "--all", "--data-dir", data.path, "--json"])
        // Then
        #expect(sell.status == 64, "stderr: \(sell.stderr)")
        #expect(sell.stderr.contains("quantity"))
        #expect(sell.stderr.contains("9999"))
        #expect((json(orders.stdout) as? [Any])?.isEmpty == true)
        #expect((json(carts.stdout) as? [Any])?.isEmpty == true)
    }

    @Test func sell_withNoShiftOpen_opensOneAndItsZReportHasTheSale() async throws {
        defer { tearDown() }
        try await prepare()
        // When
        let sell = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "MUG-1", "--pay", "cash"])
        let report = try await PosProcess.run(["shift", "report", "--shift", "1", "--data-dir", data.path])
        // Then
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        #expect(sell.stdout.contains("No shift was open: this sale opened shift 1"))
        #expect(report.status == 0, "stderr: \(report.stderr)")
        let lines = report.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Sales ") && $0.hasSuffix(" 1") }, "report: \(report.stdout)")
        #expect(lines.contains { $0.hasPrefix("Gross sales") && $0.contains("5,95") }, "report: \(report.stdout)")
    }

    @Test func cart_parkThenResume_bringsBackLinesDiscountAndCustomer_andSellsIt() async throws {
        defer { tearDown() }
        try await prepare()
        // (customer 5 must be in the counter's copy: `--customer` attaches only a customer it knows)
        try await CatalogSeeder.execute(["INSERT INTO customer (id, email, firstName, lastName) VALUES (5, 'kim@example.com', 'Kim', 'Lee')"],
                                  database: data.url.appendingPathComponent("pos.sqlite").path)
        // When
        let park = try await PosProcess.run(["cart", "park", "--data-dir", data.path, "--item", "MUG-1:2", "--item", "TEA-1",
                                             "--discount", "10%", "--customer", "5", "--name", "Table 4", "--json"])
        let list = try await PosProcess.run(["cart", "list", "--data-dir", data.path, "--json"])
        let resume = try await PosProcess.run(["cart", "resume", "Table 4", "--data-dir", data.path, "--json"])
        let resumed = try #require(json(resume.stdout) as? [String: Any])
        let id = try #require(resumed["id"] as? Int)
        let sell = try await PosProcess.run(["sell", "--sale", "\(id)", "--pay", "cash", "--data-dir", data.path])
        // Then
        #expect(park.status == 0, "stderr: \(park.stderr)")
        let parked = try #require((json(list.stdout) as? [[String: Any]])?.first)
        #expect(parked["state"] as? String == "parked")
        #expect(parked["name"] as? String == "Table 4")
        #expect(resumed["state"] as? String == "open")
        let lines = try #require(resumed["lines"] as? [[String: Any]])
        #expect(lines.map { $0["code"] as? String } == ["MUG-1", "TEA-1"])
        #expect(lines.map { $0["quantity"] as? Int } == [2, 1])
        #expect(resumed["discount"] as? String == "10%")
        #expect(resumed["customerId"] as? Int == 5)
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
    }
}
