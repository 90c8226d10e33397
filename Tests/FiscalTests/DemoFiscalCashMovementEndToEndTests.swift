import Foundation
import POSFoundation
import Storage
import Testing
import TSESimulator
import Yosemite
import YosemiteTestSupport

/// Cash movements are Vorgänge at the till (KassenSichV): the float, cash in and cash out are each signed as a
/// `Kassenbeleg-V1` `Beleg` with no VAT amounts and only the cash payment, and exported with their DSFinV-K
/// business cases (`Anfangsbestand`, `Einzahlung`, `Auszahlung`).
extension DemoFiscalEndToEndTests {
    @Test("the float, cash in and cash out are signed as Belege with only the cash payment and exported with their business cases")
    func cashMovements_signedAndExportedWithTheirBusinessCases() async throws {
        defer { data.remove() }
        // Given the demo store
        #expect(try await pos([]).status == 0)

        // When a shift opens with a float, cash goes in, a sale is made, cash goes out and the shift closes
        let open = try await pos(["shift", "open", "--float", "50.00"])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(try await pos(["shift", "cash-in", "20.00", "--reason", "change"]).status == 0)
        _ = try await sell(["--item", "COF-ESP", "--pay", "cash"])
        #expect(try await pos(["shift", "cash-out", "10.00", "--reason", "bank"]).status == 0)
        let close = try await pos(["shift", "close", "--counted", "62.20"])
        #expect(close.status == 0, "\(close.stderr)")

        // Then each movement is its own signed Bon: no VAT amounts, the cash payment (negative for cash out)
        let environment = try environment()
        let export = try await FiscalService(environment: environment)
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = try #require(export.closings.first?.receipts)
        #expect(receipts.count == 4, "the sale and three cash movements")
        #expect(receipts.map(\.number) == [1, 2, 3, 4], "in the order of the receipt series: float, cash in, sale, cash out")
        let movements = receipts.filter { $0.lines.map(\.businessCase) != ["Umsatz"] }
        #expect(movements.map { $0.lines.map(\.businessCase) } == [["Anfangsbestand"], ["Einzahlung"], ["Auszahlung"]])
        #expect(movements.map { $0.payments.map(\.amount.minorUnits) } == [[5000], [2000], [-1000]])
        #expect(movements.allSatisfy { $0.lines.allSatisfy { $0.vatRate == .zero && $0.vat.isZero } })
        var data: [String] = []
        for receipt in movements {
            let signature = try #require(receipt.signature, "\(receipt.id) is not signed: \(receipt.tseError)")
            #expect(signature.processType == "Kassenbeleg-V1")
            #expect(try SimulatedTSETests.verifyFinish(signature), "\(receipt.id)'s signature does not verify")
            data.append(signature.processData)
        }
        #expect(data == ["Beleg^0.00_0.00_0.00_0.00_0.00^50.00:Bar", "Beleg^0.00_0.00_0.00_0.00_0.00^20.00:Bar",
                         "Beleg^0.00_0.00_0.00_0.00_0.00^-10.00:Bar"])
        #expect(try await environment.database.unsettledFiscalMovements().isEmpty)
        // And pos fiscal status counts them beside the sale
        let status = try await pos(["fiscal", "status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let counts = try #require((try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])?["counts"] as? [String: Any])
        #expect(counts["signed"] as? Int == 1, "the sale")
        let cash = try #require(counts["cashMovements"] as? [String: Any], "\(counts)")
        #expect(cash["signed"] as? Int == 3 && cash["failed"] as? Int == 0 && cash["pending"] as? Int == 0, "\(cash)")
        #expect((counts["refunds"] as? [String: Any])?["signed"] as? Int == 0)

        // And the export pos writes has them with their business cases, as dsfinvk builds them
        let folder = self.data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let cases = try String(contentsOf: folder.appendingPathComponent("businesscases.csv"), encoding: .utf8)
        for name in ["Anfangsbestand", "Einzahlung", "Auszahlung", "Umsatz"] {
            #expect(cases.contains(name), "businesscases.csv lacks \(name):\n\(cases)")
        }
        try await expectExportMatchesOracle(export, written: folder)
    }
}
