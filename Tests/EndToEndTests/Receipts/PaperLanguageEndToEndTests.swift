import Foundation
import Testing

/// The paper language: the demo store speaks the merchant's language (German when it is made under
/// `LANG=de_DE.UTF-8`, English otherwise), every paper (receipt, refund slip, NO SALE slip, Z report) and the
/// Z report's screen text carry no word of the other language, the `paper-language` setting switches the demo's
/// paper and product names both ways, and a TSE outage's cause, stored as a code, is rendered in the language of
/// the receipt it is printed on. Real `pos` processes on a fresh demo data directory, printing to files.
@Suite(.serialized)
struct PaperLanguageEndToEndTests {
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private var noCups: [String: String] { ["CUPS_SERVER": "\(data.path)/no-cups.sock"] }

    /// `pos` on the test's data directory, in German.
    private func german(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path],
                                 environment: noCups.merging(["LANG": "de_DE.UTF-8"]) { $1 })
    }

    /// `pos` on the test's data directory, in English (`LANG=C.UTF-8`, as every other test runs).
    private func english(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: noCups)
    }

    /// Words of English paper that must not be on German paper (German ones such as "Terminal", "Croissant",
    /// "Espresso" left out on purpose). Matched as whole words, case-sensitive.
    static let english = ["RECEIPT", "Order", "Date", "Subtotal", "TOTAL", "Cash", "Tendered", "Change", "Thank", "visit",
                          "Register", "serial", "transaction", "Signature", "counter", "Start", "End", "REFUND",
                          "Refunded", "cash", "NO", "SALE", "Drawer", "opened", "REPORT", "Shift", "Sales", "Gross",
                          "Refunds", "Float", "Expected", "Counted", "Difference", "Card", "total", "matches", "Coffee",
                          "Filter", "Customer", "signature", "FAILED", "switched", "off", "Tax", "Opened", "Closed"]
    /// Words of German paper that must not be on English paper ("MwSt." is the demo store's tax rate name, data
    /// the store chose, so it is not a word of the paper).
    static let germanWords = ["BELEG", "Bestellung", "Datum", "Zwischensumme", "SUMME", "Bar", "bar", "Gegeben",
                              "Rückgeld", "Vielen", "Dank", "Besuch", "Kasse", "Seriennr", "Signaturzähler", "Signatur",
                              "Beginn", "Ende", "Algorithmus", "Zeitformat", "ERSTATTUNG", "Zurückgezahlt", "Unterschrift",
                              "KEIN", "VERKAUF", "Schublade", "geöffnet", "Z-BERICHT", "Schicht", "Verkäufe",
                              "Bruttoumsatz", "Erstattungen", "Wechselgeld", "Kartenterminal", "stimmt", "überein",
                              "Filterkaffee", "Kaffeebohnen", "AUSGEFALLEN", "ausgefallen", "ausgeschaltet", "Steuer",
                              "Geöffnet", "Geschlossen", "Kunde", "simulierte"]

    /// The words of `words` that stand in `text` as whole words, leaving out the TSE's data (base64 signature and
    /// key, the QR payload: long runs without spaces).
    static func found(_ words: [String], in text: String) -> [String] {
        var wordsInText = Set<String>()
        for token in text.split(whereSeparator: { (character: Character) -> Bool in character.isWhitespace }) {
            let isData = token.count >= 16 && token.allSatisfy { (character: Character) -> Bool in character.isASCII }
            if isData { continue }
            for word in token.split(whereSeparator: { (character: Character) -> Bool in !(character.isLetter || character == "-") }) {
                wordsInText.insert(String(word))
            }
        }
        return words.filter { wordsInText.contains($0) }
    }

    /// The text with its wrapping undone, so a sentence can be looked for whole.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Everything printed so far (the file printer's `printed/` folder), oldest first.
    private func printed() -> [String] {
        let folder = data.url.appendingPathComponent("printed")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test func germanDemo_receiptRefundNoSaleAndZReport_haveNoEnglishWord() async throws {
        defer { data.remove() }
        // Given a fresh demo store made in German, and a cash sale
        let sale = try await german(["sell", "--item", "COF-FIL", "--item", "BAK-CRO", "--pay", "cash:10,00"])
        #expect(sale.status == 0, "stderr: \(sale.stderr)")
        // When the receipt is shown, part of the sale refunded, the drawer opened and the shift closed
        let receipt = try await german(["receipt", "show", "1"])
        let refund = try await german(["refund", "1", "--amount", "0,50"])
        let drawer = try await german(["drawer", "open"])
        let close = try await german(["shift", "close", "--counted", "10,00"])
        let report = try await german(["shift", "report"])
        // Then all of it is German: the store is the German demo, its products are named in German
        for outcome in [receipt, refund, drawer, close, report] {
            #expect(outcome.status == 0, "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        }
        for text in ["Demo-Shop", "BELEG", "Filterkaffee", "Croissant", "Zwischensumme", "SUMME EUR", "Gegeben", "Rückgeld",
                     "Vielen Dank für Ihren Besuch!", "TSE-Transaktion", "Signaturzähler", "Beginn", "Ende"] {
            #expect(receipt.stdout.contains(text), "\(text) in:\n\(receipt.stdout)")
        }
        #expect(Self.found(Self.english, in: receipt.stdout) == [], "\(receipt.stdout)")
        // And the TSE's start and end are local date and time, German style ("29.11.2026 15:47:05")
        let start = receipt.stdout.split(separator: "\n").first { $0.hasPrefix("Beginn") }.map(String.init) ?? ""
        #expect(start.range(of: #"\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil, "\(start)")
        // And every paper printed (sale, refund slip, NO SALE, Z report) is German with no English word
        let papers = printed()
        let expected = [("BELEG", "Filterkaffee"), ("ERSTATTUNG", "Unterschrift Kunde"), ("KEIN VERKAUF", "Schublade geöffnet"),
                        ("Z-BERICHT", "Kartenterminal")]
        for (title, line) in expected {
            let paper = papers.first { $0.contains(title) && $0.contains(line) }
            #expect(paper != nil, "no paper with \(title) and \(line) among:\n\(papers.joined(separator: "\n----\n"))")
            if let paper { #expect(Self.found(Self.english, in: paper) == [], "\(paper)") }
        }
        // And the Z report's screen text (`pos shift report`, the close's summary), terminal rows included
        for text in ["Z-BERICHT", "Kartenterminal", "Summe Terminal", "Kartensumme Schicht", "stimmt überein"] {
            #expect(report.stdout.contains(text), "\(text) in:\n\(report.stdout)")
        }
        #expect(close.stdout.contains("Tagesabschluss des Terminals stimmt mit den Kartenumsätzen der Schicht überein"),
                "\(close.stdout)")
        #expect(Self.found(Self.english, in: report.stdout) == [], "\(report.stdout)")
        #expect(Self.found(Self.english, in: close.stdout) == [], "\(close.stdout)")
    }

    @Test func englishDemo_receiptRefundNoSaleAndZReport_haveNoGermanWord() async throws {
        defer { data.remove() }
        // Given a fresh demo store made under LANG=C.UTF-8, and a cash sale
        let sale = try await english(["sell", "--item", "COF-FIL", "--item", "BAK-CRO", "--pay", "cash:10.00"])
        #expect(sale.status == 0, "stderr: \(sale.stderr)")
        // When the receipt is shown, part of the sale refunded, the drawer opened and the shift closed
        let receipt = try await english(["receipt", "show", "1"])
        let refund = try await english(["refund", "1", "--amount", "0.50"])
        let drawer = try await english(["drawer", "open"])
        let close = try await english(["shift", "close", "--counted", "10.00"])
        let report = try await english(["shift", "report"])
        // Then all of it is English
        for outcome in [receipt, refund, drawer, close, report] {
            #expect(outcome.status == 0, "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        }
        for text in ["Demo Store", "RECEIPT", "Filter Coffee", "Subtotal", "Thank you"] {
            #expect(receipt.stdout.contains(text), "\(text) in:\n\(receipt.stdout)")
        }
        #expect(Self.found(Self.germanWords, in: receipt.stdout) == [], "\(receipt.stdout)")
        let papers = printed()
        for (title, line) in [("RECEIPT", "Filter Coffee"), ("REFUND", "Customer signature"), ("NO SALE", "Drawer opened"),
                              ("Z REPORT", "Card terminal")] {
            let paper = papers.first { $0.contains(title) && $0.contains(line) }
            #expect(paper != nil, "no paper with \(title) and \(line) among:\n\(papers.joined(separator: "\n----\n"))")
            if let paper { #expect(Self.found(Self.germanWords, in: paper) == [], "\(paper)") }
        }
        for text in ["Card terminal", "Terminal total", "Shift card total", "matches"] {
            #expect(report.stdout.contains(text), "\(text) in:\n\(report.stdout)")
        }
        #expect(Self.found(Self.germanWords, in: report.stdout) == [], "\(report.stdout)")
    }

    @Test func paperLanguageSetting_switchesTheDemosPaperAndProductNames_bothWays() async throws {
        defer { data.remove() }
        // Given the English demo store
        #expect(try await english(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        #expect(try await english(["receipt", "show", "1"]).stdout.contains("Filter Coffee"))
        // When the paper language is set to German
        let set = try await english(["settings", "set", "paper-language", "de"])
        #expect(set.status == 0 && set.stdout.contains("paper-language: de"), "\(set.stdout)\n\(set.stderr)")
        #expect(try await english(["settings", "show"]).stdout.contains("paper-language: de"))
        // Then the demo's products are named in German and the next receipt is German paper
        let search = try await english(["catalog", "search", "Filterkaffee"])
        #expect(search.stdout.contains("Filterkaffee"), "\(search.stdout)")
        #expect(try await english(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        let inGerman = try await english(["receipt", "show", "2"])
        #expect(inGerman.stdout.contains("BELEG") && inGerman.stdout.contains("Filterkaffee"), "\(inGerman.stdout)")
        #expect(Self.found(Self.english, in: inGerman.stdout) == [], "\(inGerman.stdout)")
        // When it is switched back to English
        let back = try await english(["settings", "set", "paper-language", "en"])
        #expect(back.status == 0, "\(back.stderr)")
        // Then the products and the paper are English again
        #expect(try await english(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        let inEnglish = try await english(["receipt", "show", "3"])
        #expect(inEnglish.stdout.contains("RECEIPT") && inEnglish.stdout.contains("Filter Coffee"), "\(inEnglish.stdout)")
        #expect(Self.found(Self.germanWords, in: inEnglish.stdout) == [], "\(inEnglish.stdout)")
        // And `store` follows the store's site language again (the English demo's): the setting is unset
        let store = try await english(["settings", "set", "paper-language", "store"])
        #expect(store.status == 0 && store.stdout.contains("paper-language: the store's site language"), "\(store.stdout)")
        // And a value that is no language is refused
        #expect(try await english(["settings", "set", "paper-language", "fr"]).status != 0)
    }

    @Test func germanDemo_switchedToEnglishPaper_namesItsProductsInEnglish() async throws {
        defer { data.remove() }
        // Given the German demo store
        #expect(try await german(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        #expect(try await german(["receipt", "show", "1"]).stdout.contains("Filterkaffee"))
        // When its paper language is set to English
        #expect(try await german(["settings", "set", "paper-language", "en"]).status == 0)
        // Then its next receipt is English paper with English names, though the screen stays German
        #expect(try await german(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        let receipt = try await german(["receipt", "show", "2"])
        #expect(receipt.stdout.contains("RECEIPT") && receipt.stdout.contains("Filter Coffee"), "\(receipt.stdout)")
        #expect(Self.found(Self.germanWords, in: receipt.stdout) == [], "\(receipt.stdout)")
        // When it is set back to the store's language
        #expect(try await german(["settings", "unset", "paper-language"]).status == 0)
        #expect(try await german(["sell", "--item", "COF-FIL", "--pay", "cash"]).status == 0)
        let again = try await german(["receipt", "show", "3"])
        #expect(again.stdout.contains("BELEG") && again.stdout.contains("Filterkaffee"), "\(again.stdout)")
    }

    @Test func tseOutageCause_storedOnce_rendersInTheLanguageOfThePaper() async throws {
        defer { data.remove() }
        // Given the English demo store with its simulated TSE switched off, and a sale made during the outage (of a
        // Croissant, named alike in both languages: the order's line keeps the name it was sold under)
        #expect(try await english(["sell", "--item", "BAK-CRO", "--pay", "cash"]).status == 0)
        #expect(try await english(["fiscal", "simulate-outage", "on"]).status == 0)
        #expect(try await english(["sell", "--item", "BAK-CRO", "--pay", "cash"]).status == 0)
        // When its receipt is shown on English paper
        let onEnglish = try await english(["receipt", "show", "2"])
        // Then the cause is in English
        #expect(Self.flat(onEnglish.stdout).contains("TSE FAILED (TSE ausgefallen): the simulated TSE is switched off"),
                "\(onEnglish.stdout)")
        #expect(!onEnglish.stdout.contains("ausgeschaltet"), "\(onEnglish.stdout)")
        // When the paper language turns German, the same stored cause renders in German
        #expect(try await english(["settings", "set", "paper-language", "de"]).status == 0)
        let onGerman = try await english(["receipt", "show", "2"])
        #expect(Self.flat(onGerman.stdout).contains("TSE AUSGEFALLEN: die simulierte TSE ist ausgeschaltet"), "\(onGerman.stdout)")
        #expect(Self.found(Self.english, in: onGerman.stdout) == [], "\(onGerman.stdout)")
        // And a screen shows it in the screen's language
        let status = try await german(["fiscal", "status"])
        #expect(Self.flat(status.stdout).contains("die simulierte TSE ist ausgeschaltet"), "\(status.stdout)")
        #expect(try await english(["fiscal", "simulate-outage", "off"]).status == 0)
    }
}
