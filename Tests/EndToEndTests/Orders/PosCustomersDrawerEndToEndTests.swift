import Foundation
import Testing
import WooTestServer

/// The counter's extras from the command line: customers pulled by the catalog sync and found offline (`pos customers
/// search`, `pos sell --customer`), a line discount on `--item`, and `pos drawer open` on the Z report.
@Suite(.serialized)
struct PosCustomersDrawerEndToEndTests {
    let server = WooTestServer()
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path],
                                 environment: ["POS_APP_PASSWORD": "abcd efgh ijkl", "CUPS_SERVER": "\(data.path)/no-cups.sock"])
    }

    private func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// Logs in, syncs the catalog and its customers from the test server, then stops it: offline from here on.
    private func prepare() async throws {
        let site = try server.start().absoluteString
        server.seedDemoStore()
        server.addCustomer(email: "max@example.com", firstName: "Max", lastName: "Mustermann", phone: "+49 40 7654321",
                           city: "Hamburg")
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        let login = try await pos(["login", "--site", site, "--username", "manager"])
        #expect(login.status == 0, "stderr: \(login.stderr)")
        let sync = try await pos(["catalog", "sync"])
        #expect(sync.status == 0, "stderr: \(sync.stderr)")
        #expect(sync.stdout.contains("2 customers"), "stdout: \(sync.stdout)")
        server.stop()
    }

    @Test func customersSearch_offline_byNamePhoneAndNumber() async throws {
        defer { data.remove() }
        try await prepare()
        // When
        let byName = try await pos(["customers", "search", "muster", "--json"])
        let byPhone = try await pos(["customers", "search", "040 7654321"])
        let none = try await pos(["customers", "search", "nobody"])
        // Then
        #expect(byName.status == 0, "stderr: \(byName.stderr)")
        let names = (json(byName.stdout) as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(Set(names ?? []) == ["Erika Mustermann", "Max Mustermann"], "stdout: \(byName.stdout)")
        #expect(byPhone.status == 0)
        #expect(byPhone.stdout.contains("Max Mustermann") && !byPhone.stdout.contains("Erika"), "stdout: \(byPhone.stdout)")
        #expect(none.status == 0)
        #expect(none.stdout.contains("No customer matches \"nobody\"."))
    }

    @Test func sell_withCustomerByEmailAndLineDiscount_offline_orderHasBoth() async throws {
        defer { data.remove() }
        try await prepare()
        let erika = try #require((json(try await pos(["customers", "search", "erika", "--json"]).stdout) as? [[String: Any]])?.first)
        let erikaId = try #require(erika["id"] as? Int)
        // When: 2 × Espresso (2,20 €) with 10 % off the line, for Erika
        let sell = try await pos(["sell", "--item", "4006381333931:2@10%", "--customer", "erika@example.com", "--pay", "cash", "--json"])
        // Then: 4,40 € − 0,44 € = 3,96 €, and the order is Erika's
        #expect(sell.status == 0, "stderr: \(sell.stderr)")
        let order = try #require((json(sell.stdout) as? [String: Any])?["order"] as? [String: Any], "stdout: \(sell.stdout)")
        #expect(order["total"] as? String == "3.96")
        #expect(order["customerId"] as? Int == erikaId)
    }

    @Test func sell_unknownOrAmbiguousCustomer_isRefusedBeforeAnythingIsSaved() async throws {
        defer { data.remove() }
        try await prepare()
        // When
        let unknown = try await pos(["sell", "--item", "4006381333931", "--customer", "999", "--pay", "cash"])
        let ambiguous = try await pos(["sell", "--item", "4006381333931", "--customer", "mustermann", "--pay", "cash"])
        let badDiscount = try await pos(["sell", "--item", "4006381333931@-5", "--pay", "cash"])
        let orders = try await pos(["orders", "list", "--json"])
        // Then: 2 not found, 1 refused naming the candidates, 64 a malformed discount; no order, no open cart
        #expect(unknown.status == 2, "stderr: \(unknown.stderr)")
        #expect(unknown.stderr.contains("no customer matches \"999\""), "stderr: \(unknown.stderr)")
        #expect(ambiguous.status == 1, "stderr: \(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("Erika Mustermann") && ambiguous.stderr.contains("Max Mustermann"))
        #expect(badDiscount.status == 64, "stderr: \(badDiscount.stderr)")
        #expect((json(orders.stdout) as? [Any])?.isEmpty == true, "orders: \(orders.stdout)")
        let carts = try await pos(["cart", "list", "--json"])
        #expect((json(carts.stdout) as? [Any])?.isEmpty == true, "carts: \(carts.stdout)")
    }

    @Test func cartShowReceipt_demo_previewsCouponAndTaxesBeforePayment() async throws {
        defer { data.remove() }
        // Given a parked demo cart: an espresso, a croissant and DEMO10
        _ = try await pos([])
        let park = try await pos(["cart", "park", "--item", "4006381333931", "--item", "4006381333993", "--coupon", "DEMO10", "--json"])
        #expect(park.status == 0, "stderr: \(park.stderr)")
        let id = try #require((json(park.stdout) as? [String: Any])?["id"] as? Int, "stdout: \(park.stdout)")
        // When
        let shown = try await pos(["cart", "show", String(id), "--receipt"])
        // Then: the printed template, not paid, with the coupon, the taxes and the total; nothing completed
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        for text in ["PREVIEW - NOT PAID", "Coupon demo10", "-0,40 €", "VAT", "TOTAL EUR", "3,60 €"] {
            #expect(shown.stdout.contains(text), "\(text) in:\n\(shown.stdout)")
        }
        let orders = try await pos(["orders", "list", "--json"])
        #expect((json(orders.stdout) as? [Any])?.isEmpty == true, "orders: \(orders.stdout)")
    }

    @Test func sell_withACoupon_summaryAddsUpInTheReceiptsOrder() async throws {
        defer { data.remove() }
        // Given the demo data directory (prices include tax)
        _ = try await pos([])
        // When an espresso and a croissant are sold with DEMO10
        let sold = try await pos(["sell", "--item", "4006381333931", "--item", "4006381333993", "--coupon", "DEMO10", "--pay", "cash"])
        // Then, as on the receipt, the lines before the coupon add up to the subtotal, the coupon follows it (once: no
        // "Discount" line repeating it), and the total is what is left (the lines read 1,98 € and 1,62 € under a
        // 4,00 € subtotal, the coupon above it and the discount again below)
        #expect(sold.status == 0, "stderr: \(sold.stderr)")
        let summary = sold.stdout.split(separator: "\n").map(String.init)
        #expect(Array(summary.dropFirst().prefix(4))
                    == ["  1 × Espresso  2,20 €", "  1 × Croissant  1,80 €", "Subtotal: 4,00 €", "  Coupon demo10  −0,40 €"],
                "\(sold.stdout)")
        #expect(!sold.stdout.contains("Discount:"), "\(sold.stdout)")
        #expect(sold.stdout.contains("Total: 3,60 €"), "\(sold.stdout)")
    }

    @Test func sell_demo_saysTheSaleIsNeverSent_notWaitingToSync() async throws {
        defer { data.remove() }
        // Given the demo data directory
        _ = try await pos([])
        // When a cash sale and a card sale are made
        let cash = try await pos(["sell", "--item", "4006381333931", "--pay", "cash"])
        let card = try await pos(["sell", "--item", "4006381333931", "--pay", "card", "--reader", "sim://"])
        // Then neither promises a sync the demo never makes
        for outcome in [cash, card] {
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(outcome.stdout.contains("Saved (demo: never sent to a store)."), "stdout: \(outcome.stdout)")
            #expect(!outcome.stdout.contains("waiting to sync"), "stdout: \(outcome.stdout)")
        }
        // and the order history says "demo" where a store's sales would be "pending" (the JSON keeps the state's code)
        let list = try await pos(["orders", "list"]), show = try await pos(["orders", "show", "1"])
        #expect(list.stdout.split(separator: "\n").count == 2 && list.stdout.split(separator: "\n").allSatisfy { $0.contains("  demo") },
                "stdout: \(list.stdout)")
        #expect(!list.stdout.contains("pending"), "stdout: \(list.stdout)")
        #expect(show.stdout.contains("Sync: demo") && !show.stdout.contains("Sync: pending"), "stdout: \(show.stdout)")
        let json = try await pos(["orders", "show", "1", "--json"])
        #expect(json.stdout.contains("\"syncState\" : \"pending\""), "stdout: \(json.stdout)")
    }

    @Test func sell_demoInGerman_printsTheSaleAndItsErrorsInGerman() async throws {
        defer { data.remove() }
        // Given the demo data directory, and a person whose LANG is German
        _ = try await pos([])
        let german = ["LANG": "de_DE.UTF-8", "CUPS_SERVER": "\(data.path)/no-cups.sock"]
        // When a cash sale, and a sale of a code the catalog does not know, are made
        let cash = try await PosProcess.run(["sell", "--item", "4006381333931", "--pay", "cash", "--data-dir", data.path],
                                            environment: german)
        let unknown = try await PosProcess.run(["sell", "--item", "NOPE", "--pay", "cash", "--data-dir", data.path],
                                               environment: german)
        // Then pos says both in German, the error with its next step
        #expect(cash.status == 0, "stderr: \(cash.stderr)")
        for text in ["Summe: ", "Gegeben: ", "Rückgeld: ", "Gespeichert (Demo: wird nie an einen Shop gesendet)."] {
            #expect(cash.stdout.contains(text), "\(text) in:\n\(cash.stdout)")
        }
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("nicht gefunden: NOPE"), "stderr: \(unknown.stderr)")
        #expect(unknown.stderr.contains("Den Code prüfen"), "stderr: \(unknown.stderr)")
    }

    @Test func drawerOpen_demo_printsTheSlipLogsItAndTheZReportCountsIt() async throws {
        defer { data.remove() }
        // Given the demo data directory (file printer)
        _ = try await pos([])
        // When
        let first = try await pos(["drawer", "open", "--reason", "change for the bakery"])
        let second = try await pos(["drawer", "open", "--json"])
        let report = try await pos(["shift", "report"])
        // Then
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.contains("No sale: drawer opened"), "stdout: \(first.stdout)")
        #expect(first.stdout.contains("No shift was open: this opened shift 1"), "stdout: \(first.stdout)")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect((json(second.stdout) as? [String: Any])?["countInShift"] as? Int == 2, "stdout: \(second.stdout)")
        #expect(report.stdout.contains("No sale, drawer opened"), "report: \(report.stdout)")
        let printed = data.url.appendingPathComponent("printed")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: printed.path)) ?? []
        let texts = files.compactMap { try? String(contentsOf: printed.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.filter { $0.contains("NO SALE") }.count == 2, "printed: \(texts)")
        #expect(texts.contains { $0.contains("change for the bakery") })
    }
}
