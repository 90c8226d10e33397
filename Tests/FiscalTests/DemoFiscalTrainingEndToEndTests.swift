import Foundation
import POSFoundation
import Storage
import Testing
import TSESimulator
import Yosemite
import YosemiteTestSupport

/// Training mode end to end on the demo store with the real `pos` binary: `pos register training on`,
/// a practice sale, `pos register training off`, a real sale, the shift closed, the export written. The practice
/// sale is marked TRAINING on its receipt and its reprint, numbered in the training series (the real sale still
/// takes number 1 of the receipt series), signed as `AVTraining`, absent from the Z report's takings (counted on
/// its own line), and in `transactions.csv` as BON_TYP `AVTraining` but in no Kassenabschluss total.
extension DemoFiscalEndToEndTests {
    /// The rows of one written DSFinV-K file, as dictionaries by column name.
    func writtenRows(_ folder: URL, _ file: String) throws -> [[String: String]] {
        let rows = DSFinVKExportTests.parseCSV(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        let header = try #require(rows.first)
        return rows.dropFirst().filter { $0.count == header.count }.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// The Z report's row labelled `label` (`label   value`), if it has one.
    static func zRow(_ text: String, _ label: String) -> String? {
        text.split(separator: "\n").map(String.init).first { $0.hasPrefix(label + " ") }
            .map { $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces) }
    }

    @Test("a training sale: TRAINING receipt in its own series, AVTraining signature and Bon, never in the takings")
    func training_markedSignedExportedOutsideTheTakings() async throws {
        defer { data.remove() }
        // Given the demo store on register K2, switched into training
        #expect(try await pos([]).status == 0)
        #expect(try await pos(["register", "set", "K2"]).status == 0)
        let on = try await pos(["register", "training", "on"])
        #expect(on.status == 0, "\(on.stderr)")
        #expect(on.text.contains("Training is ON"), "\(on.text)")
        let status = try JSONSerialization.jsonObject(with: try await pos(["status", "--json"]).stdout) as? [String: Any]
        #expect(status?["training"] as? Bool == true)

        // When a cashier practises a cash sale of an espresso (2.20), and a card is refused in training
        let practice = try await sell(["--item", "COF-ESP", "--pay", "cash:5.00"])
        let card = try await pos(["sell", "--item", "COF-ESP", "--pay", "card", "--reader", "sim://"])
        #expect(card.status != 0)
        #expect(card.stderr.contains("cash only"), "\(card.stderr)")
        // (nothing was charged; the cart it opened stays open for cash, and is voided here)
        let stayed = try #require(card.stderr.firstMatch(of: /sale (\d+) stays open/), "\(card.stderr)")
        let voided = try await pos(["cart", "void", String(stayed.1)])
        #expect(voided.status == 0, "\(voided.stderr)")
        // And training ends, and a real croissant (1.80) is sold
        let off = try await pos(["register", "training", "off"])
        #expect(off.status == 0 && off.text.contains("Training is OFF"), "\(off.text) \(off.stderr)")
        let real = try await sell(["--item", "BAK-CRO", "--pay", "cash"])

        // Then the practice receipt says TRAINING at the top and the bottom and carries the training series' number,
        // though the register is out of training now
        let shown = try await pos(["receipt", "show", String(practice)])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.text.contains("TRAINING: not a real sale"), "\(shown.text)")
        #expect(shown.text.components(separatedBy: "TRAINING").count - 1 >= 2, "\(shown.text)")
        #expect(shown.text.contains("K2-T000001"), "\(shown.text)")
        // And the real sale took number 1 of the receipt series: no gap for the practice sale, no TRAINING mark
        let realShown = try await pos(["receipt", "show", String(real)])
        #expect(realShown.text.contains("K2-000001"), "\(realShown.text)")
        #expect(!realShown.text.contains("TRAINING"), "\(realShown.text)")
        // And the reprint is marked COPY and TRAINING
        let copies = data.url.appendingPathComponent("copies-training")
        let reprint = try await pos(["receipt", "reprint", String(practice), "--printer", "file:\(copies.path)"])
        #expect(reprint.status == 0, "\(reprint.stderr)")
        let printed = try FileManager.default.contentsOfDirectory(atPath: copies.path)
        let copyText = try String(contentsOf: copies.appendingPathComponent(try #require(printed.first)), encoding: .utf8)
        #expect(copyText.contains("COPY") && copyText.contains("TRAINING: not a real sale"), "\(copyText)")
        // And a training sale gives no money back
        let refund = try await pos(["refund", String(practice)])
        #expect(refund.status != 0)
        #expect(refund.stderr.contains("training sale"), "\(refund.stderr)")

        // When the shift closes with the real croissant's cash in the drawer
        let close = try await pos(["shift", "close", "--counted", "1.80"])
        #expect(close.status == 0, "\(close.stderr)")

        // Then the Z report's takings are the croissant's alone, and the practice sale is counted on its own line
        #expect(Self.zRow(close.text, "Sales") == "1", "\(close.text)")
        #expect(Self.zRow(close.text, "Gross sales")?.contains("1,80") == true, "\(close.text)")
        #expect(Self.zRow(close.text, "Cash sales")?.contains("1,80") == true, "\(close.text)")
        #expect(Self.zRow(close.text, "Expected cash")?.contains("1,80") == true, "\(close.text)")
        #expect(Self.zRow(close.text, "Training sales (not takings)") == "1", "\(close.text)")

        // And the practice sale was signed by the TSE as AVTraining, the real one as Beleg
        let export = try await FiscalService(environment: try environment())
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = try #require(export.closings.first?.receipts)
        // (the closing lists its completed sales, then the carts voided in it)
        #expect(receipts.count == 3, "\(receipts.map(\.type))")
        let practiceBon = try #require(receipts.first { $0.type == .training }, "\(receipts.map(\.type))")
        let voidedBon = try #require(receipts.first { $0.type == .abandoned }, "\(receipts.map(\.type))")
        let realBon = try #require(receipts.first { $0.type == .beleg }, "\(receipts.map(\.type))")
        let trainingSignature = try #require(practiceBon.signature)
        #expect(trainingSignature.processData.hasPrefix("AVTraining^2.20_0.00_0.00_0.00_0.00^"), "\(trainingSignature.processData)")
        #expect(try SimulatedTSETests.verifyFinish(trainingSignature))
        #expect(realBon.signature?.processData.hasPrefix("Beleg^") == true)
        // the training series (the voided training cart took its next number) and the receipt series
        #expect(practiceBon.number == 1 && voidedBon.number == 2 && realBon.number == 1, "\(receipts.map { "\($0.type.rawValue)=\($0.number)" })")

        // And the written export has the practice Bon as AVTraining with its amount, in no closing total
        let folder = data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let bons = try writtenRows(folder, "transactions.csv")
        #expect(bons.map { $0["BON_TYP"] ?? "" }.sorted() == ["AVBelegabbruch", "AVTraining", "Beleg"], "\(bons)")
        #expect(bons.first { $0["BON_TYP"] == "AVTraining" }?["UMS_BRUTTO"] == "2,20", "\(bons)")
        #expect(bons.first { $0["BON_TYP"] == "AVTraining" }?["BON_NR"] == "1", "\(bons)")
        let cases = try writtenRows(folder, "businesscases.csv")
        let caseTotal = cases.compactMap { $0["Z_UMS_BRUTTO"] }
        #expect(caseTotal == ["1,80000"], "only the croissant is a business case of the closing: \(cases)")
        let payments = try writtenRows(folder, "payment.csv")
        #expect(payments.compactMap { $0["Z_ZAHLART_BETRAG"] } == ["1,80"], "\(payments)")
        let cash = try writtenRows(folder, "cash_per_currency.csv")
        #expect(cash.compactMap { $0["ZAHLART_BETRAG_WAEH"] } == ["1,80"], "\(cash)")

        // And the independent checkers (scripts/install-deps.sh) find nothing wrong with an export holding AVTraining
        guard await DSFinVKValidators.isAvailable else {
            print("dsfinvk, rulestamp-dsfinv-k-export-lint or xmllint is missing: the training export was not validated")
            return
        }
        let csvFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }.sorted()
        let dsfinvk = try await DSFinVKValidators.run(DSFinVKValidators.python, ["-m", "dsfinvk.validate", folder.path])
        #expect(dsfinvk.status == 0 && dsfinvk.stdout.isEmpty, "dsfinvk.validate:\n\(dsfinvk.stdout)\(dsfinvk.stderr)")
        let lint = try await DSFinVKValidators.run(DSFinVKValidators.lint, csvFiles, in: folder)
        let findings = lint.stdout.split(separator: "\n").filter { $0.contains(/^\s+\d+\s+(error|warn)\s/) }
        #expect(lint.status == 0 && findings.isEmpty, "dsfinv-k-export-lint:\n\(lint.stdout)\(lint.stderr)")
    }
}
