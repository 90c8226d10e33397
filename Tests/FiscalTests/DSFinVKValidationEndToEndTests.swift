import Foundation
import Storage
import Subprocess
import SystemPackage
import Testing
import Yosemite
import YosemiteTestSupport

/// Two independent DSFinV-K checkers and the GDPdU DTD, run on what `pos fiscal export` writes for a whole day:
/// the PyPI package `dsfinvk`'s validator (`python -m dsfinvk.validate DIR`: index.xml against every CSV file,
/// column names, numbers, lengths), the PyPI `rulestamp-dsfinv-k-export-lint` (each CSV file against DSFinV-K 2.4's
/// column list, value lists and formats) and `xmllint --dtdvalid` (index.xml against gdpdu-01-08-2002.dtd, which
/// the export writes beside it). All three come from scripts/install-deps.sh (the venv, and libxml2-utils).
enum DSFinVKValidators {
    static var venv: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["POS_PYTHON_VENV"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/pos/python-venv").path)
    }

    static var python: String { venv.appendingPathComponent("bin/python").path }
    static var lint: String { venv.appendingPathComponent("bin/dsfinv-k-export-lint").path }
    static let xmllint = "/usr/bin/xmllint"

    /// Whether all three are installed (the test is skipped, saying so, when they are not). Probed once.
    static var isAvailable: Bool {
        get async { await probe.value }
    }

    private static let probe = Task<Bool, Never> {
        guard [python, lint, xmllint].allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return false }
        return (try? await run(python, ["-c", "import dsfinvk.validate"]).status) == 0
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a checker to its end (in `directory` when given). The rulestamp lint gets its telemetry and hints
    /// switched off and a licence folder of its own: it only ever runs its free per-file check here.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) async throws -> Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("readystack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Subprocess.Environment.inherit.updating([
            "DO_NOT_TRACK": "1", "READYSTACK_NO_TELEMETRY": "1", "READYSTACK_NO_HINT": "1", "READYSTACK_NO_TRIAL": "1",
            "READYSTACK_HOME": home.path, "READYSTACK_LICENSE": nil,
        ])
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), environment: environment,
            workingDirectory: directory.map { FilePath($0.path) },
            output: .string(limit: 16 << 20), error: .string(limit: 16 << 20))
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return Result(status: status, stdout: result.standardOutput ?? "", stderr: result.standardError ?? "")
    }
}

extension DemoFiscalEndToEndTests {
    /// A column of a CSV file the export wrote, by name, one value per data row.
    func column(_ name: String, of file: String, in folder: URL) throws -> [String] {
        let rows = DSFinVKExportTests.parseCSV(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        let index = try #require(rows.first?.firstIndex(of: name), "\(file) has no column \(name)")
        return rows.dropFirst().map { $0[index] }
    }

    @Test("a day's export (sales, split, discounts, coupon, voided cart, refund, training sale, TSE outage, two shifts) passes dsfinvk's validator, the rulestamp lint and the GDPdU DTD",
          .enabled("dsfinvk, rulestamp-dsfinv-k-export-lint or xmllint is missing: run scripts/install-deps.sh") {
              await DSFinVKValidators.isAvailable
          })
    func dayExport_passesBothValidatorsAndTheDTD() async throws {
        defer { data.remove() }
        // Given the demo store and a first shift with a float
        #expect(try await pos([]).status == 0)
        #expect(try await pos(["shift", "open", "--float", "50.00"]).status == 0)

        // When the day's business is rung up: a card sale, a split sale (cash + card), a sale with a line discount
        // and an order discount, a sale with the demo coupon, a voided cart, a sale during a TSE outage, a refund
        let card = try await sell(["--item", "COF-ESP", "--item", "BAK-CRO:2", "--pay", "card", "--reader", "sim://"])
        let split = try await sell(["--item", "COF-CAP:3", "--pay", "cash:5.00", "--pay", "card", "--reader", "sim://"])
        let discounted = try await sell(["--item", "COF-LAT@10%", "--item", "BAK-CRO", "--discount", "1.00", "--pay", "cash"])
        let couponed = try await sell(["--item", "COF-FIL:2", "--item", "BAK-PAC", "--coupon", "DEMO10", "--pay", "cash"])
        let voided = try await parkAndVoid("COF-LAT")
        #expect(try await pos(["fiscal", "simulate-outage", "on"]).status == 0)
        let offline = try await sell(["--item", "BAK-PAC", "--pay", "cash"])
        #expect(try await pos(["fiscal", "simulate-outage", "off"]).status == 0)
        let refund = try await pos(["refund", String(couponed), "--amount", "1.00"])
        #expect(refund.status == 0, "\(refund.stderr)")
        // And a cashier's practice sale in training mode (signed AVTraining, its own number series)
        #expect(try await pos(["register", "training", "on"]).status == 0)
        let training = try await sell(["--item", "BAK-CRO", "--pay", "cash"])
        #expect(try await pos(["register", "training", "off"]).status == 0)
        let firstClose = try await pos(["shift", "close", "--counted", "60.00"])
        #expect(firstClose.status == 0, "\(firstClose.stderr)")

        // And a second shift with one sale
        #expect(try await pos(["shift", "open", "--float", "60.00"]).status == 0)
        let late = try await sell(["--item", "COF-ESP:2", "--pay", "cash"])
        let secondClose = try await pos(["shift", "close", "--counted", "64.40"])
        #expect(secondClose.status == 0, "\(secondClose.stderr)")

        // When the day is exported
        let folder = data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.text.contains("2 closing(s)"), "\(written.text)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let csvFiles = files.filter { $0.hasSuffix(".csv") }
        #expect(csvFiles.count == 20 && files.contains("index.xml") && files.contains("gdpdu-01-08-2002.dtd"), "\(files)")

        // Then dsfinvk's validator finds nothing (it prints its findings; a failure also exits 1)
        let dsfinvk = try await DSFinVKValidators.run(DSFinVKValidators.python, ["-m", "dsfinvk.validate", folder.path])
        #expect(dsfinvk.status == 0 && dsfinvk.stdout.isEmpty, "dsfinvk.validate:\n\(dsfinvk.stdout)\(dsfinvk.stderr)")
        print("dsfinvk.validate \(csvFiles.count) files: exit \(dsfinvk.status), \(dsfinvk.stdout.isEmpty ? "no findings" : dsfinvk.stdout)")

        // And the rulestamp lint finds nothing in any file (its free mode exits 0 either way: its report is read)
        let lint = try await DSFinVKValidators.run(DSFinVKValidators.lint, csvFiles, in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        let findings = lint.stdout.split(separator: "\n").filter { $0.contains(/^\s+\d+\s+(error|warn)\s/) }
        let clean = lint.stdout.split(separator: "\n").filter { $0.contains("(no findings)") }
        #expect(findings.isEmpty, "dsfinv-k-export-lint:\n\(lint.stdout)")
        #expect(clean.count == csvFiles.count, "dsfinv-k-export-lint checked \(clean.count) of \(csvFiles.count) files:\n\(lint.stdout)")
        print("dsfinv-k-export-lint \(csvFiles.count) files: \(findings.count) findings, \(clean.count) files with no findings")

        // And index.xml is valid against the GDPdU DTD beside it
        let xml = try await DSFinVKValidators.run(DSFinVKValidators.xmllint,
                                                  ["--noout", "--dtdvalid", "gdpdu-01-08-2002.dtd", "index.xml"], in: folder)
        #expect(xml.status == 0 && xml.stderr.isEmpty, "xmllint:\n\(xml.stderr)")
        print("xmllint --noout --dtdvalid gdpdu-01-08-2002.dtd index.xml: exit \(xml.status)")

        // And the records say what happened: two closings of today, taxonomy 2.4
        #expect(try column("Z_BUCHUNGSTAG", of: "cashpointclosing.csv", in: folder) == [Self.today(), Self.today()])
        #expect(try column("TAXONOMIE_VERSION", of: "cashpointclosing.csv", in: folder) == ["2.4", "2.4"])
        // Every Bon has its own number in the register's series, the voided cart as AVBelegabbruch
        let allNumbers = try column("BON_NR", of: "transactions.csv", in: folder)
        let ids = try column("BON_ID", of: "transactions.csv", in: folder)
        let types = try column("BON_TYP", of: "transactions.csv", in: folder)
        #expect(Set(ids).count == ids.count)
        #expect(types[try #require(ids.firstIndex(of: String(voided)))] == "AVBelegabbruch")
        #expect(Set(types) == ["Beleg", "AVBelegabbruch", "AVTraining"], "\(types)")
        // The register's receipt series has no repeat and no zero; the training series (K2-T000001…) is its own.
        let numbers = zip(allNumbers, types).filter { $0.1 != "AVTraining" }.map(\.0)
        #expect(Set(numbers).count == numbers.count && !numbers.contains("0"), "BON_NR \(numbers)")
        // The discounts are price-finding records of their lines: the price before, the discount, adding up
        let discountBons = try column("BON_ID", of: "itemamounts.csv", in: folder)
        let kinds = try column("TYP", of: "itemamounts.csv", in: folder)
        // (a sale's BON_ID is its sale id; `pos sell` reports the order's local number)
        let database = try environment().database
        var saleIDs: [Int: String] = [:]
        for order in [card, split, discounted, couponed, offline, late, training] {
            saleIDs[order] = try await database.order(localNumber: Int64(order))?.id.map { String($0) }
        }
        let idOf = { (order: Int) in saleIDs[order] }
        let trainingID = try #require(idOf(training))
        #expect(types[try #require(ids.firstIndex(of: trainingID))] == "AVTraining")
        let discountedID = try #require(idOf(discounted)), couponedID = try #require(idOf(couponed))
        #expect(discountBons.contains(discountedID) && discountBons.contains(couponedID), "\(discountBons)")
        #expect(kinds.filter { $0 == "base_amount" }.count == kinds.filter { $0 == "discount" }.count)
        #expect(try column("BON_NOTIZ", of: "transactions.csv", in: folder)[try #require(ids.firstIndex(of: couponedID))]
                == "Rabattcode DEMO10")
        // The outage sale carries TSE_TA_FEHLER; the refund and the floats are Bons of their own
        let tseErrors = try column("TSE_TA_FEHLER", of: "transactions_tse.csv", in: folder)
        let offlineID = try #require(idOf(offline))
        #expect(tseErrors[try #require(ids.firstIndex(of: offlineID))].hasPrefix("TSE ausgefallen"))
        #expect(tseErrors.filter { !$0.isEmpty }.count == 1, "\(tseErrors)")
        #expect(try column("GV_TYP", of: "lines.csv", in: folder).filter { $0 == "Anfangsbestand" }.count == 2)
        #expect(try column("ARTIKELTEXT", of: "lines.csv", in: folder).contains { $0.hasPrefix("Erstattung zu Bon") })
        // The card sale paid by card, the split sale in cash and by card; the late sale in the second closing
        let paidBons = try column("BON_ID", of: "datapayment.csv", in: folder)
        let paidTypes = try column("ZAHLART_TYP", of: "datapayment.csv", in: folder)
        let typesOf = { (id: String?) in zip(paidBons, paidTypes).filter { $0.0 == id }.map(\.1) }
        #expect(typesOf(idOf(card)) == ["ECKarte"])
        #expect(typesOf(idOf(split)) == ["Bar", "ECKarte"])
        let closings = try column("Z_NR", of: "transactions.csv", in: folder)
        let lateID = try #require(idOf(late))
        let lateClosing = closings[try #require(ids.firstIndex(of: lateID))]
        #expect(lateClosing == closings.last && lateClosing != closings.first)
        // Each closing's Bons run in the order of the receipt series: the float opens it
        #expect(try column("Z_START_ID", of: "cashpointclosing.csv", in: folder) == ["shift-1-float", "shift-2-float"])
        #expect(try column("Z_ENDE_ID", of: "cashpointclosing.csv", in: folder).last == lateID)
        #expect(numbers.compactMap { Int($0) } == Array(1...numbers.count), "BON_NR \(numbers)")

        // When the export is written into the same folder again
        let before = try Data(contentsOf: folder.appendingPathComponent("transactions.csv"))
        let again = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        // Then it is refused with the usage exit code and says what to do; nothing there is touched
        #expect(again.status == 64, "exit \(again.status): \(again.stderr)")
        #expect(again.stderr.contains("is not empty") && again.stderr.contains("does not exist yet"), "\(again.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("transactions.csv")) == before)
    }
}
