import Foundation
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// Two counters as two registers of one store: each numbers its own orders with its register
/// id as prefix while offline; after both sync, every order is on the server once with a distinct receipt number
/// and its register and cashier in the order's meta data. Each register has a manager and a cashier with PINs,
/// switching mid-shift; `pos report` sums the day per register and cashier from the store.
@Suite("registers end to end (two counters, one store)", .serialized)
struct RegisterEndToEndTests {
    static let salesPerRegister = 20

    /// Logs `runner`'s data directory in as register `id` with manager `cashier` (signed in) and cashier `relief`,
    /// the mug in its catalog.
    func setUp(_ runner: DemoFiscalEndToEndTests, site: String, productID: Int64, id: String, cashier: String,
               relief: String) async throws {
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
        // A manager and a cashier with PINs on each register; the manager signs in first
        let manager = try await runner.pos(["cashier", "add", cashier, "--role", "manager"], input: "2468\n")
        #expect(manager.status == 0, "\(manager.stderr)")
        let second = try await runner.pos(["cashier", "add", relief, "--manager", cashier], input: "2468\n1357\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try await runner.pos(["cashier", "sign-in", cashier], input: "2468\n").status == 0)
    }

    /// Switches `runner` to `name` mid-shift.
    func signIn(_ runner: DemoFiscalEndToEndTests, _ name: String) async throws {
        let signIn = try await runner.pos(["cashier", "sign-in", name], input: "1357\n")
        #expect(signIn.status == 0, "\(signIn.stderr)")
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
        try await setUp(first, site: site, productID: productID, id: "K1", cashier: "Anna", relief: "Carl")
        try await setUp(second, site: site, productID: productID, id: "K2", cashier: "Ben", relief: "Dora")
        #expect(try await second.pos(["register", "set", "K 2"]).status == 64, "an id with a space is refused as usage")
        let ordersBefore = woo.orders().count

        // When each sells 20 times without syncing (offline: pos sell only saves), the second cashier taking over
        // after 10 sales
        for sale in 0..<Self.salesPerRegister {
            if sale == Self.salesPerRegister / 2 {
                try await signIn(first, "Carl")
                try await signIn(second, "Dora")
            }
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
        for (register, cashier, relief) in [("K1", "Anna", "Carl"), ("K2", "Ben", "Dora")] {
            let mine = orders.filter { meta($0, RegisterIdentity.registerMetaKey) == register }
            #expect(mine.count == Self.salesPerRegister)
            #expect(mine.filter { meta($0, RegisterIdentity.cashierMetaKey) == cashier }.count == Self.salesPerRegister / 2)
            #expect(mine.filter { meta($0, RegisterIdentity.cashierMetaKey) == relief }.count == Self.salesPerRegister / 2)
            let expected = (1...Self.salesPerRegister).map { RegisterIdentity.receiptNumber(register: register, localNumber: Int64($0)) }
            #expect(Set(mine.compactMap { meta($0, RegisterIdentity.receiptNumberMetaKey) }) == Set(expected))
        }
        #expect(numbers.contains("K2-000020"))

        // And `pos report` sums the shop's day from the store, per register and per cashier
        let report = try await first.pos(["report", "--json"])
        #expect(report.status == 0, "\(report.stderr)")
        let day = try #require(try JSONSerialization.jsonObject(with: report.stdout) as? [String: Any])
        let registers = try #require(day["registers"] as? [[String: Any]])
        let byId = Dictionary(uniqueKeysWithValues: registers.compactMap { entry in (entry["register"] as? String).map { ($0, entry) } })
        for (register, cashiers) in [("K1", ["Anna", "Carl"]), ("K2", ["Ben", "Dora"])] {
            let entry = try #require(byId[register], "\(registers)")
            let totals = try #require(entry["totals"] as? [String: Any])
            #expect(totals["orders"] as? Int == Self.salesPerRegister)
            #expect(totals["gross"] as? String == "100.00" && totals["cash"] as? String == "100.00")
            #expect((entry["receiptNumbers"] as? [String])?.count == Self.salesPerRegister)
            let perCashier = try #require(entry["cashiers"] as? [[String: Any]])
            #expect(perCashier.compactMap { $0["cashier"] as? String } == cashiers)
            #expect(perCashier.compactMap { ($0["totals"] as? [String: Any])?["gross"] as? String } == ["50.00", "50.00"])
        }
        let text = try await second.pos(["report"])
        #expect(text.text.contains("Register K1\t20 orders\tgross 100.00"), "\(text.text)")
        // And the Z report shows both cashiers of the register and the switch
        let zReport = try await first.pos(["shift", "report"])
        #expect(zReport.status == 0, "\(zReport.stderr)")
        let rows = DemoFiscalEndToEndTests.squeezed(zReport.text)
        #expect(rows.contains("RegisterK1") && rows.contains("CashierAnna10sales") && rows.contains("CashierCarl10sales"), "\(zReport.text)")
        #expect(rows.contains("SwitchedtoCarl"), "\(zReport.text)")

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
