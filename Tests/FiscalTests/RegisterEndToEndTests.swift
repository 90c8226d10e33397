import Foundation
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// Two counters as two registers of one store (issue 18 item 1): each numbers its own orders with its register
/// id as prefix while offline; after both sync, every order is on the server once with a distinct receipt number
/// and its register and cashier in the order's meta data.
@Suite("registers end to end (two counters, one store)", .serialized)
struct RegisterEndToEndTests {
    static let salesPerRegister = 20

    /// Logs `runner`'s data directory in as register `id` with cashier `cashier`, the mug in its catalog.
    func setUp(_ runner: DemoFiscalEndToEndTests, site: String, productID: Int64, id: String, cashier: String) async throws {
        // K1 chooses its register id at login, K2 afterwards with pos register set
        let login = try await runner.pos(["login", "--site", site, "--username", "manager"] + (id == "K1" ? ["--register", id] : []),
                                   environment: ["POS_APP_PASSWORD": "register pass"])
        #expect(login.status == 0, "\(login.stderr)")
        try await DSFinVKOracleSQL.execute(
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Mug', 'MUG', '5.00', '5.00', 'zero-rate')",
            database: runner.data.url.appendingPathComponent("pos.sqlite").path)
        if id != "K1" {
            let set = try await runner.pos(["register", "set", id])
            #expect(set.status == 0, "\(set.stderr)")
        }
        #expect(try await runner.pos(["register", "show"]).text.contains("Register \(id); receipt numbers \(id)-000001"))
        try Data("{\"receiptWidth\":42,\"cashierName\":\"\(cashier)\"}".utf8)
            .write(to: runner.data.url.appendingPathComponent(AppEnvironment.FileName.appSettings))
    }

    @Test("two registers sell offline, both sync: every order once, distinct receipt numbers, register and cashier meta on each")
    func twoRegisters_offlineSales_syncWithDistinctReceiptNumbers() async throws {
        let woo = WooTestServer()
        let first = try DemoFiscalEndToEndTests()
        let second = try DemoFiscalEndToEndTests()
        defer { woo.stop(); first.data.remove(); second.data.remove() }
        // Given one store and two counters logged in as registers K1 (Anna) and K2 (Ben)
        let site = try woo.start().absoluteString
        woo.seedDemoStore()
        woo.addUser(username: "manager", applicationPassword: "register pass", role: .shopManager)
        let productID = woo.addProduct(name: "Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        try await setUp(first, site: site, productID: productID, id: "K1", cashier: "Anna")
        try await setUp(second, site: site, productID: productID, id: "K2", cashier: "Ben")
        #expect(try await second.pos(["register", "set", "K 2"]).status == 64, "an id with a space is refused as usage")
        let ordersBefore = woo.orders().count

        // When each sells 20 times without syncing (offline: pos sell only saves)
        for _ in 0..<Self.salesPerRegister {
            _ = try await first.sell(["--item", "MUG", "--pay", "cash"])
            _ = try await second.sell(["--item", "MUG", "--pay", "cash"])
        }
        #expect(woo.orders().count == ordersBefore, "nothing reached the store before the sync")
        // And both sync
        for runner in [first, second] {
            let sync = try await runner.pos(["sync"])
            #expect(sync.status == 0, "\(sync.stderr)")
        }
        // And sync again (nothing is sent twice)
        #expect(try await first.pos(["sync"]).status == 0)

        // Then the store has the 40 orders once each, with 40 distinct receipt numbers and the register meta
        let orders: [[String: String]] = woo.orders().dropFirst(ordersBefore).map { order in
            Dictionary(order.metaData.compactMap { entry in entry.value.stringValue.map { (entry.key, $0) } },
                       uniquingKeysWith: { first, _ in first })
        }
        func meta(_ order: [String: String], _ key: String) -> String? { order[key] }
        #expect(orders.count == 2 * Self.salesPerRegister)
        #expect(Set(orders.compactMap { meta($0, "_pos_client_uuid") }).count == orders.count)
        let numbers = orders.compactMap { meta($0, RegisterIdentity.receiptNumberMetaKey) }
        #expect(numbers.count == orders.count && Set(numbers).count == orders.count)
        for (register, cashier) in [("K1", "Anna"), ("K2", "Ben")] {
            let mine = orders.filter { meta($0, RegisterIdentity.registerMetaKey) == register }
            #expect(mine.count == Self.salesPerRegister)
            #expect(mine.allSatisfy { meta($0, RegisterIdentity.cashierMetaKey) == cashier })
            let expected = (1...Self.salesPerRegister).map { RegisterIdentity.receiptNumber(register: register, localNumber: Int64($0)) }
            #expect(Set(mine.compactMap { meta($0, RegisterIdentity.receiptNumberMetaKey) }) == Set(expected))
        }
        #expect(numbers.contains("K2-000020"))

        // And the receipt shows its register, its receipt number and the sale's cashier, even after the settings
        // change (they are kept with the order)
        #expect(try await second.pos(["register", "set", "K9"]).status == 0)
        let receipt = try await second.pos(["receipt", "show", "7"])
        #expect(receipt.status == 0, "\(receipt.stderr)")
        let squeezed = DemoFiscalEndToEndTests.squeezed(receipt.text)
        #expect(squeezed.contains("Receiptno.K2-000007"), "\(receipt.text)")
        #expect(squeezed.contains("RegisterK2") && squeezed.contains("CashierBen"), "\(receipt.text)")
    }
}
