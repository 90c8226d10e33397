import Foundation
import POSFoundation
import Storage
import Testing
import TSESimulator
import Yosemite
import YosemiteTestSupport

/// One receipt-number series per register for every fiscal transaction: the real `pos` binary makes a day of a
/// float, sales (cash and card), a voided cart, cash in, a no sale, a refund and cash out on register K2; each is
/// its own Bon in the export with its own BON_NR, 1 to 9 in the order they happened, and the printed receipt
/// carries the same number. `pos register set` is refused while a sale is open or parked, and a card refund keeps
/// its sale's payment type.
extension DemoFiscalEndToEndTests {
    /// The BON_NR and BON_TYP of each row of the written `transactions.csv` (Bonkopf).
    func writtenReceiptNumbers(_ folder: URL) throws -> [(number: String, type: String)] {
        let rows = DSFinVKExportTests.parseCSV(
            try String(contentsOf: folder.appendingPathComponent("transactions.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        let number = try #require(header.firstIndex(of: "BON_NR"))
        let type = try #require(header.firstIndex(of: "BON_TYP"))
        return rows.dropFirst().filter { $0.count > max(number, type) }.map { ($0[number], $0[type]) }
    }

    @Test("every fiscal transaction of a day takes the next number of the register's one series: unique, consecutive, printed")
    func receiptSeries_everyFiscalTransaction_uniqueAndConsecutive() async throws {
        defer { data.remove() }
        // Given the demo store on register K2
        #expect(try await pos([]).status == 0)
        let set = try await pos(["register", "set", "K2"])
        #expect(set.status == 0, "\(set.stderr)")

        // When a day has a float, a cash sale, a voided cart, cash in, a card sale, a no sale, a refund, cash out
        #expect(try await pos(["shift", "open", "--float", "50.00"]).status == 0)
        let cash = try await sell(["--item", "COF-ESP", "--pay", "cash"])
        _ = try await parkAndVoid("COF-LAT")
        #expect(try await pos(["shift", "cash-in", "20.00", "--reason", "change"]).status == 0)
        let card = try await sell(["--item", "BAK-CRO", "--pay", "card", "--reader", "sim://"])
        let drawer = try await pos(["drawer", "open", "--reason", "change for the bakery"])
        #expect(drawer.status == 0, "\(drawer.stderr)")
        let refund = try await pos(["refund", String(cash), "--amount", "1.00"])
        #expect(refund.status == 0, "\(refund.stderr)")
        #expect(try await pos(["shift", "cash-out", "10.00", "--reason", "bank"]).status == 0)
        // And one more sale after them
        let last = try await sell(["--item", "COF-ESP", "--pay", "cash"])
        let close = try await pos(["shift", "close", "--counted", "63.40"])
        #expect(close.status == 0, "\(close.stderr)")

        // Then the export holds nine Bons numbered 1 to 9, each number once, in the order they happened
        let environment = try environment()
        let export = try await FiscalService(environment: environment)
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = export.closings.flatMap(\.receipts)
        #expect(receipts.count == 9, "\(receipts.map(\.id))")
        let byNumber = receipts.sorted { $0.number < $1.number }
        #expect(byNumber.map(\.number) == Array(1...9), "\(receipts.map { "\($0.id)=\($0.number)" })")
        #expect(Set(receipts.map(\.number)).count == receipts.count, "a BON_NR repeats")
        #expect(byNumber.map(\.type) == [.beleg, .beleg, .abandoned, .beleg, .beleg, .other, .beleg, .beleg, .beleg])
        #expect(byNumber[0].lines.map(\.businessCase) == ["Anfangsbestand"])
        #expect(byNumber[3].lines.map(\.businessCase) == ["Einzahlung"])
        #expect(byNumber[6].payments.map(\.amount.minorUnits) == [-100], "the refund is Bon 7")
        #expect(byNumber[7].lines.map(\.businessCase) == ["Auszahlung"])
        // And every Bon is signed by the TSE, the no sale too
        for receipt in receipts {
            let signature = try #require(receipt.signature, "\(receipt.id) is not signed: \(receipt.tseError)")
            #expect(try SimulatedTSETests.verifyFinish(signature), "\(receipt.id)'s signature does not verify")
        }
        #expect(byNumber[5].signature?.processData == "AVSonstige^0.00_0.00_0.00_0.00_0.00^")

        // And the export pos writes has the same BON_NRs
        let folder = self.data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let rows = try writtenReceiptNumbers(folder)
        let writtenNumbers: [Int] = rows.compactMap { Int($0.number) }.sorted()
        #expect(writtenNumbers == Array(1...9), "\(rows.map(\.number))")
        #expect(rows.count == 9)

        // And the printed receipts carry the number of their Bon in K2's series
        for (order, number) in [(cash, "K2-000002"), (card, "K2-000005"), (last, "K2-000009")] {
            let shown = try await pos(["receipt", "show", String(order)])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.text.contains(number), "receipt \(order) lacks \(number):\n\(shown.text)")
        }
        // And pos register show names the next number and the last
        let show = try await pos(["register", "show"])
        #expect(show.text.contains("receipt numbers K2-000010"), "\(show.text)")
        #expect(show.text.contains("the last was K2-000009"), "\(show.text)")
    }

    @Test("a card refund keeps its sale's payment type (ECKarte for the demo's Debit Mastercard), as the Z report does")
    func cardRefund_keepsTheSalesPaymentType() async throws {
        defer { data.remove() }
        // Given the demo store and a card sale (the demo terminal reports a Debit Mastercard)
        #expect(try await pos([]).status == 0)
        let order = try await sell(["--item", "COF-ESP", "--item", "BAK-CRO:2", "--pay", "card", "--reader", "sim://"])

        // When 2.00 of it is refunded to the card and the shift closes
        let refund = try await pos(["refund", String(order), "--amount", "2.00", "--reader", "sim://"])
        #expect(refund.status == 0, "\(refund.stderr)")
        #expect(try await pos(["shift", "close", "--counted", "0.00"]).status == 0)

        // Then the refund's payment has the sale's payment type and name, negative
        let export = try await FiscalService(environment: try environment())
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = try #require(export.closings.first?.receipts)
        #expect(receipts.count == 2, "the sale and its refund")
        let sale = try #require(receipts.first?.payments.first)
        let refunded = try #require(receipts.last?.payments.first)
        #expect(sale.type == "ECKarte")
        #expect(refunded.type == sale.type && refunded.name == sale.name, "refund \(refunded), sale \(sale)")
        #expect(refunded.amount.minorUnits == -200)
        #expect(receipts.map(\.number) == [1, 2], "the refund is its own Bon")
    }

    @Test("pos register set is refused while a sale is open or parked, and allowed once none is")
    func registerSet_refusedWhileASaleIsOpenOrParked() async throws {
        defer { data.remove() }
        // Given the demo store on register K2 with a parked cart
        #expect(try await pos([]).status == 0)
        #expect(try await pos(["register", "set", "K2"]).status == 0)
        let park = try await pos(["cart", "park", "--item", "COF-LAT", "--name", "Table 4"])
        #expect(park.status == 0, "\(park.stderr)")
        let match = try #require(park.text.firstMatch(of: /Sale (\d+)/))
        let id = try #require(Int(match.1))

        // When the register is changed: refused (pending work), naming the sale and what to do
        let parked = try await pos(["register", "set", "K9"])
        #expect(parked.status == 8, "\(parked.stderr)")
        #expect(parked.stderr.contains("sale \(id) (parked as \"Table 4\")"), "\(parked.stderr)")
        #expect(parked.stderr.contains("pos cart void \(id)") || parked.stderr.contains("pos cart void ID"), "\(parked.stderr)")
        #expect(try await pos(["register", "show"]).text.contains("Register K2;"), "the register is unchanged")
        // And while it is open again
        #expect(try await pos(["cart", "resume", String(id)]).status == 0)
        let open = try await pos(["register", "set", "K9"])
        #expect(open.status == 8, "\(open.stderr)")
        #expect(open.stderr.contains("sale \(id) (open"), "\(open.stderr)")
        // And in German
        let german = try await pos(["register", "set", "K9"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 8)
        #expect(german.stderr.contains("Kassenwechsel abgelehnt") && german.stderr.contains("pos cart void"), "\(german.stderr)")

        // When the sale is voided (it was opened on K2: the void is K2's Bon 1)
        #expect(try await pos(["cart", "void", String(id)]).status == 0)
        // Then the register can be changed, and K9's series starts at 1
        let allowed = try await pos(["register", "set", "K9"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try await pos(["register", "show"]).text.contains("receipt numbers K9-000001"))
        let numbers = try await environment().database.receiptNumbers()
        #expect(numbers.map { "\($0.registerId)-\($0.number)" } == ["K2-1"])
    }
}
