import Foundation
import Testing
import WooTestServer

/// `pos sell --pay card` with the in-process `sim://` terminal, `pos refund`, then `pos sync` to the test server.
@Suite(.serialized)
struct PosCardSaleEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory
    let site: String

    init() throws {
        data = try TemporaryDirectory()
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "card pass", role: .shopManager)
    }

    private func pos(_ arguments: [String], environment: [String: String] = [:]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path],
                                 environment: environment.merging(["POS_APP_PASSWORD": "card pass"]) { $1 })
    }

    /// Logs in and seeds a product whose id the test server knows.
    private func prepare() async throws -> Int64 {
        let productID = server.addProduct(name: "Card Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        try await CatalogSeeder.execute([
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Card Mug', 'CARD-MUG', '5.00', '5.00', 'zero-rate')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
        return productID
    }

    @Test func sellCard_simReader_syncsOrderWithCardPaymentFields() async throws {
        defer { server.stop(); data.remove() }
        // Given
        _ = try await prepare()

        // When
        let sell = try await pos(["sell", "--item", "CARD-MUG:2", "--pay", "card", "--reader", "sim://", "--json"])
        let sync = try await pos(["sync"])

        // Then
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        #expect(sell.stderr.contains("terminal:"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])
        #expect(report["card"] as? String == "10.00")
        #expect(report["cardLast4"] as? String == "0434")
        #expect(sync.status == 0, "stderr: \(sync.stderr)")
        let order = try #require(server.orders().last)
        #expect(order.paymentMethod == "pos_card")
        #expect(order.paymentMethodTitle == "Card")
        #expect(order.transactionID.contains("receipt"))
        #expect(order.datePaid != nil)
    }

    @Test func sellSplitThenRefund_syncSendsOneOrderAndTheRefund() async throws {
        defer { server.stop(); data.remove() }
        // Given
        _ = try await prepare()

        // When
        let sell = try await pos(["sell", "--item", "CARD-MUG:3", "--pay", "cash:10.00", "--pay", "card", "--reader", "sim://", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])
        let local = try #require((report["order"] as? [String: Any])?["localNumber"] as? Int)
        let refund = try await pos(["refund", "\(local)", "--amount", "2.50"])
        let sync = try await pos(["sync"])

        // Then
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        #expect(report["card"] as? String == "5.00" && report["cash"] as? String == "10.00")
        #expect(refund.status == 0, "stderr: \(refund.stderr)")
        #expect(sync.status == 0, "stderr: \(sync.stderr)")
        let order = try #require(server.orders().last)
        #expect(order.paymentMethodTitle == "Card and cash")
        #expect(server.refunds(orderID: order.id).count == 1)
    }

    @Test func sellCard_declinedThenCash_oneOrderPaidInCashSyncedOnce() async throws {
        defer { server.stop(); data.remove() }
        // Given
        _ = try await prepare()

        // When: the card is declined, then the same sale is paid in cash
        let sell = try await pos(["sell", "--item", "CARD-MUG", "--pay", "card", "--reader", "sim://"],
                                 environment: ["POS_SIM_SCRIPT": "decline:05"])
        let open = try await pos(["cart", "list", "--json"])
        let carts = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [[String: Any]])
        let saleId = try #require(carts.first?["id"] as? Int)
        let cash = try await pos(["sell", "--sale", "\(saleId)", "--pay", "cash:10.00", "--json"])
        let sync = try await pos(["sync"])
        let again = try await pos(["sync"])
        let after = try await pos(["cart", "list", "--json"])

        // Then
        #expect(sell.status == 11, "stderr: \(sell.stderr)")
        #expect(sell.stderr.contains("sale \(saleId) stays open"))
        #expect(sell.stderr.contains("pos sell --sale \(saleId) --pay cash"))
        #expect(carts.count == 1 && carts.first?["state"] as? String == "open")
        #expect(cash.status == 0, "stderr: \(cash.stderr)")
        #expect(sync.status == 0, "stderr: \(sync.stderr)")
        #expect(again.status == 0, "stderr: \(again.stderr)")
        let orders = server.orders()
        #expect(orders.count == 1)
        let order = try #require(orders.first)
        #expect(order.paymentMethod == "cod")
        #expect(order.datePaid != nil)
        #expect(order.status != "pending")
        #expect((try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [Any])?.isEmpty == true, "\(after.stdout)")
    }
}
