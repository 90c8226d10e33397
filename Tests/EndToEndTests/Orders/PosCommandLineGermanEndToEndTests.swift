import Foundation
import Testing

/// The command line in German: what the commands print and each option's help, in German under
/// `LANG=de_DE.UTF-8`, while the English text (what scripts and the other tests read) stays exactly as it was and
/// JSON keeps its English keys.
@Suite(.serialized)
struct PosCommandLineGermanEndToEndTests {
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private var noCups: [String: String] { ["CUPS_SERVER": "\(data.path)/no-cups.sock"] }

    /// `pos` on the demo data directory, in German.
    private func german(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: noCups.merging(["LANG": "de_DE.UTF-8"]) { $1 })
    }

    /// `pos` on the demo data directory, in English.
    private func english(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: noCups)
    }

    /// The help with its wrapping undone, so a sentence can be looked for whole.
    private func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func optionHelp_inGerman_readsGerman_andEnglishStaysByteForByte() async throws {
        // When
        let german = try await PosProcess.run(["receipt", "show", "--help"], environment: ["LANG": "de_DE.UTF-8"])
        let english = try await PosProcess.run(["receipt", "show", "--help"])
        // Then the options and the argument are explained in German, under the parser's German headings
        #expect(german.status == 0, "stderr: \(german.stderr)")
        for text in ["OPTIONEN:", "ARGUMENTE:", "Die lokale Nummer oder die Client-UUID der Bestellung.",
                     "Zeichen pro Zeile: 32, 42 oder 48 (ohne Angabe: die Einstellung der Kasse).",
                     "text, oder escpos für die Bytes des Druckers.", "JSON ausgeben.",
                     "Wo pos seine Datenbank, Zugangsdaten und Belege ablegt"] {
            #expect(flat(german.stdout).contains(text), "\(text) in:\n\(german.stdout)")
        }
        #expect(!german.stdout.contains("Characters per line"), "\(german.stdout)")
        // And the English help is what it was before the catalog, to the byte (with `--json`, which came later)
        #expect(english.stdout == """
            OVERVIEW: Render an order's receipt to standard output.

            USAGE: pos receipt show [--data-dir <data-dir>] <order> [--width <width>] [--format <format>] [--json]

            ARGUMENTS:
              <order>                 The order's local number or client UUID.

            OPTIONS:
              --data-dir <data-dir>   Where pos keeps its database, credentials and
                                      receipts (default: $XDG_DATA_HOME/pos, else
                                      ~/.local/share/pos).
              --width <width>         Characters per line: 32, 42 or 48 (default: the app
                                      setting).
              --format <format>       text, or escpos for the printer's bytes. (values:
                                      text, escpos; default: text)
              --json                  Print JSON.
              --version               Show the version.
              -h, --help              Show help information.


            """, "\(english.stdout)")
    }

    @Test func optionHelp_inGerman_everyCommandsOptionsReadGerman() async throws {
        // When the help of commands with many options is asked for in German
        let expected: [([String], [String])] = [
            (["sell"], ["Die Zahlart: cash, cash:GEGEBEN, card", "Ein Gutscheincode. Für mehrere wiederholen.",
                        "Ein manueller Artikel, für einen Code, den der Katalog nicht kennt", "JSON ausgeben."]),
            (["shift", "close"], ["Das in der Lade gezählte Bargeld, z. B. 104,00.",
                                  "Der Drucker; ohne Angabe: der eingestellte oder der Standarddrucker."]),
            (["sync"], ["Nur wartende und zurückgestellte Einträge auflisten; nichts senden.", "--discard bestätigen."]),
            (["cart", "park"], ["Für einen neuen Warenkorb: ein Gutscheincode."]),
            (["cart", "void"], ["Die Verkaufs-ID oder der Parkname.",
                                "Die freigebende Leitung, wo Kassierer eingerichtet sind"]),
            (["fiscal", "configure"], ["Die Steuernummer des Händlers.", "fiskaly: die Basis-URL der API."]),
        ]
        for (command, texts) in expected {
            let help = try await PosProcess.run(command + ["--help"], environment: ["LANG": "de_DE.UTF-8"])
            // Then each option says what it does in German
            #expect(help.status == 0, "\(command): \(help.stderr)")
            for text in texts {
                #expect(flat(help.stdout).contains(text), "\(command): \(text) in:\n\(help.stdout)")
            }
        }
    }

    @Test func commandOutput_demoInGerman_ordersShiftDrawerFiscalPrintersCart() async throws {
        defer { data.remove() }
        // Given the demo data directory with a cash sale
        _ = try await english([])
        let sale = try await german(["sell", "--item", "4006381333931", "--pay", "cash"])
        #expect(sale.status == 0, "stderr: \(sale.stderr)")
        // When a person looks at the order, opens the drawer, reads the shift, the TSE, the printers and the carts
        let order = try await german(["orders", "show", "1"])
        let drawer = try await german(["drawer", "open", "--reason", "Wechselgeld"])
        let shift = try await german(["shift", "report"])
        let fiscal = try await german(["fiscal", "status"])
        let printers = try await german(["printers", "list"])
        let park = try await german(["cart", "park", "--item", "4006381333931"])
        let carts = try await german(["cart", "list"])
        let ordersJSON = try await german(["orders", "show", "1", "--json"])
        // Then pos answers in German
        let expected: [(PosProcess.Outcome, [String])] = [
            (order, ["Bestellung 1", "Verkauft: ", "Übertragung: ", "Zwischensumme: ", "Rabatt: ", "Summe: ", "Bezahlt bar"]),
            (drawer, ["Ohne Verkauf: Lade geöffnet", "1 Öffnung ohne Verkauf in dieser Schicht."]),
            (shift, ["Z-BERICHT (Schicht offen, laufend)", "Schicht ", "Bruttoumsatz "]),
            (fiscal, ["TSE: simuliert (Demo-Shop; nicht zertifiziert, die Belege sagen DEMO)", "Signiert: ",
                      "Erstattungen: signiert: ", "Bargeldbewegungen: ", "Steuernummer: nicht gesetzt"]),
            (printers, ["  Text  bereit"]),
            (park, ["Geparkt als"]),
            (carts, ["1 Artikel"]),
        ]
        for (outcome, texts) in expected {
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            for text in texts {
                #expect(outcome.stdout.contains(text), "\(text) in:\n\(outcome.stdout)")
            }
        }
        for english in ["Sold:", "Subtotal", "No sale: drawer", "Z REPORT (shift open", "Signed:", "text  ready"] {
            #expect(![order, drawer, shift, fiscal, printers].contains { $0.stdout.contains(english) }, "\(english)")
        }
        // And JSON keeps its English keys
        let object = try JSONSerialization.jsonObject(with: Data(ordersJSON.stdout.utf8)) as? [String: Any]
        #expect(object?["localNumber"] != nil, "\(ordersJSON.stdout)")
    }
}
