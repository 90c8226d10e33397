import Foundation
import POSFoundation
import Storage
import Subprocess
import SystemPackage
import Testing
import TSESimulator
import Yosemite
import YosemiteTestSupport

/// The demo store's TSE end to end: the real `pos` binary sells (card, split, voided), closes the shift, shows
/// and reprints receipts and writes the DSFinV-K export; the test then checks every signature with the
/// simulator's public key and the export against what the PyPI package `dsfinvk` builds from the same sales.
@Suite("fiscal end to end (demo store, simulated TSE)", .serialized)
struct DemoFiscalEndToEndTests {
    // MARK: - Running pos

    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `pos` binary `swift build --build-tests` put beside the tests (or `POS_BINARY`).
    static var executable: String {
        if let override = ProcessInfo.processInfo.environment["POS_BINARY"] { return override }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for candidate in [Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("pos"),
                          Bundle.main.bundleURL.appendingPathComponent("pos"),
                          root.appendingPathComponent(".build/debug/pos")]
            where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        return root.appendingPathComponent(".build/debug/pos").path
    }

    let data: TestDataDirectory

    init() throws {
        data = try TestDataDirectory()
    }

    /// Runs `pos ARGS --data-dir DATA` to its end through swift-subprocess: standard input is /dev/null, no other
    /// descriptor is inherited, and the exit is awaited off the concurrency pool. A child still running after
    /// five minutes is a hang: the run is cancelled, which kills it, and the test fails.
    /// `input`: lines for its standard input (cashier PINs) instead of /dev/null.
    func pos(_ arguments: [String], environment extra: [String: String] = [:], input: String? = nil) async throws -> Outcome {
        var overrides: [Subprocess.Environment.Key: String?] = [
            "CUPS_SERVER": data.url.appendingPathComponent("no-cups.sock").path,
            "POS_APP_PASSWORD": nil, "POS_FISKALY_API_SECRET": nil,
        ]
        for (key, value) in extra { overrides[Subprocess.Environment.Key(stringLiteral: key)] = value }
        let executable = FilePath(Self.executable)
        let all = Arguments(arguments + ["--data-dir", data.url.path])
        let environment = Subprocess.Environment.inherit.updating(overrides)
        let run = Task {
            if let input {
                return try await Subprocess.run(
                    .path(executable), arguments: all, environment: environment, input: .string(input),
                    output: .data(limit: 64 << 20), error: .string(limit: 16 << 20))
            }
            return try await Subprocess.run(
                .path(executable), arguments: all, environment: environment,
                output: .data(limit: 64 << 20), error: .string(limit: 16 << 20))
        }
        let deadline = Task {
            try await Task.sleep(for: .seconds(300))
            run.cancel()
        }
        defer { deadline.cancel() }
        let result = try await run.value
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return Outcome(status: status, stdout: result.standardOutput, stderr: result.standardError ?? "")
    }

    /// Sells and returns the order's local number (from `--json`).
    func sell(_ arguments: [String]) async throws -> Int {
        let sale = try await pos(["sell"] + arguments + ["--json"])
        #expect(sale.status == 0, "pos sell \(arguments): \(sale.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: sale.stdout) as? [String: Any])
        return try #require((report["order"] as? [String: Any])?["localNumber"] as? Int)
    }

    /// Parks a new cart and voids it; returns the sale id.
    func parkAndVoid(_ item: String) async throws -> Int {
        let park = try await pos(["cart", "park", "--item", item])
        #expect(park.status == 0, "\(park.stderr)")
        let match = try #require(park.text.firstMatch(of: /Sale (\d+)/))
        let id = try #require(Int(match.1))
        let void = try await pos(["cart", "void", String(id)])
        #expect(void.status == 0, "\(void.stderr)")
        return id
    }

    /// The environment of the data directory, in process, with the demo's persistent TSE.
    func environment() throws -> AppEnvironment {
        var environment = try AppEnvironment.test(directory: data)
        let directory = data.url
        environment.makeFiscalSigner = { _ in PersistentFiscalSigner(directory: directory, clientSerial: "POS-DEMO-1") }
        return environment
    }

    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A receipt's text without whitespace, so values wrapped across lines can be found whole.
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    // MARK: - Checks shared by the tests

    /// The export pos wrote equals DSFinVKWriter's for the same model, and dsfinvk's from the model's facts.
    func expectExportMatchesOracle(_ export: DSFinVKExport, written folder: URL) async throws {
        let scratch = data.url.appendingPathComponent("oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // The same model written in process gives the same bytes as the binary's export.
        let mine = scratch.appendingPathComponent("in-process")
        let names = try DSFinVKWriter().write(export, to: mine)
        for name in names {
            #expect(try Data(contentsOf: mine.appendingPathComponent(name)) == Data(contentsOf: folder.appendingPathComponent(name)),
                    "\(name): pos fiscal export differs from the model of the same sales")
        }
        guard await DSFinVKOracle.isAvailable else { return }
        let offsets: (Date) -> String = { date in
            let tz = export.closings.first?.timeZone ?? .current
            return date.formatted(Date.ISO8601FormatStyle(timeZone: tz))
                .replacingOccurrences(of: "Z", with: "+00:00")
                .replacingOccurrences(of: #"([+-]\d\d)(\d\d)$"#, with: "$1:$2", options: .regularExpression)
        }
        let theirs = try await DSFinVKOracle.build(try DSFinVKOracle.salesJSON(export, offsets: offsets), in: scratch)
        let theirFiles = try FileManager.default.contentsOfDirectory(atPath: theirs.path).sorted()
        #expect(theirFiles.count == 14, "dsfinvk wrote \(theirFiles)")
        var compared = 0
        for file in theirFiles {
            let ours = DSFinVKExportTests.parseCSV(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            let reference = DSFinVKExportTests.parseCSV(try String(contentsOf: theirs.appendingPathComponent(file), encoding: .utf8))
            #expect(ours.first == reference.first, "\(file): columns differ")
            #expect(ours.count == reference.count, "\(file): \(ours.count - 1) rows, dsfinvk \(reference.count - 1)")
            let header = reference.first ?? []
            for (index, (row, expected)) in zip(ours, reference).enumerated().dropFirst() {
                for (column, name) in header.enumerated() {
                    let value = column < row.count ? row[column] : "<missing>"
                    #expect(value == expected[column], "\(file) row \(index) \(name): pos \(value), dsfinvk \(expected[column])")
                    compared += 1
                }
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data(contentsOf: theirs.appendingPathComponent(file)),
                    "\(file) differs in bytes from dsfinvk's")
        }
        #expect(compared > 200)
    }

    // MARK: - Tests

    @Test("card, split and voided sales and a closing: signed, printed with the TSE fields and QR code, verified, exported as dsfinvk builds them")
    func demoSales_signedPrintedVerifiedExported() async throws {
        defer { data.remove() }
        // Given the demo store
        #expect(try await pos([]).status == 0)

        // When a card sale, a split sale (cash + card) and a voided sale are made, and the shift is closed
        let card = try await sell(["--item", "COF-ESP", "--item", "BAK-CRO:2", "--pay", "card", "--reader", "sim://"])
        let split = try await sell(["--item", "COF-CAP:3", "--pay", "cash:5.00", "--pay", "card", "--reader", "sim://"])
        _ = try await parkAndVoid("COF-LAT")
        let close = try await pos(["shift", "close", "--counted", "5.00"])
        #expect(close.status == 0, "\(close.stderr)")

        // Then every sale is signed, the voided one as AVBelegabbruch, with the simulator's key
        let environment = try environment()
        let service = FiscalService(environment: environment)
        let export = try await service.export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = try #require(export.closings.first?.receipts)
        #expect(export.closings.count == 1)
        #expect(receipts.map(\.type) == [.beleg, .beleg, .abandoned])
        let snapshot = try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot()
        let publicKey = try #require(P384SigningKey(scalar: snapshot.privateKey)).publicKey
        var numbers: [Int] = []
        for receipt in receipts {
            let signature = try #require(receipt.signature, "receipt \(receipt.id) is not signed: \(receipt.tseError)")
            #expect(signature.publicKey == publicKey.base64EncodedString())
            #expect(try SimulatedTSETests.verifyFinish(signature), "receipt \(receipt.id)'s signature does not verify")
            #expect(signature.isSimulated && signature.clientSerial == "POS-DEMO-1")
            numbers.append(signature.transactionNumber)
        }
        #expect(numbers == [1, 2, 3])
        #expect(receipts[0].signature?.processData == "Beleg^2.20_3.60_0.00_0.00_0.00^5.80:Unbar")
        #expect(receipts[1].signature?.processData == "Beleg^9.60_0.00_0.00_0.00_0.00^5.00:Bar_4.60:Unbar")
        #expect(receipts[2].signature?.processData == "AVBelegabbruch^0.00_0.00_0.00_0.00_0.00^")
        // The demo's card reader reports a "Debit Mastercard": a debit card, ECKarte in DSFinV-K
        #expect(receipts[0].payments.map(\.type) == ["ECKarte"])
        #expect(receipts[1].payments.map(\.type) == ["Bar", "ECKarte"])
        #expect(receipts[2].payments.isEmpty && receipts[2].lines.count == 1)
        #expect(receipts[0].number == card && receipts[1].number == split, "BON_NR is the receipt's order number")
        #expect(receipts.map(\.number) == [1, 2, 3], "the voided cart takes the series' next number too")

        // And each receipt (text and ESC/POS) carries the mandatory fields and the QR code; the reprint too, as COPY
        for (order, receipt) in [(card, receipts[0]), (split, receipts[1])] {
            let signature = try #require(receipt.signature)
            let text = try await pos(["receipt", "show", String(order)])
            #expect(text.status == 0, "\(text.stderr)")
            let squeezed = Self.squeezed(text.text)
            for field in ["Registerserial", "TSEserial", "TSEtransaction", "Signaturecounter", "Start", "End",
                          "Algorithm", "Timeformat", "Signature:", "DEMO:simulatedTSE"] {
                #expect(squeezed.contains(field), "receipt \(order) lacks \(field)")
            }
            for value in [signature.clientSerial, signature.tseSerial, String(signature.transactionNumber),
                          String(signature.signatureCounter), FiscalQRCode.isoTime(signature.startTime),
                          FiscalQRCode.isoTime(signature.endTime), signature.algorithm, signature.timeFormat,
                          signature.signature, "[QR:" + signature.qrCodeData + "]"] {
                #expect(squeezed.contains(value), "receipt \(order) lacks \(value)")
            }
            #expect(signature.qrCodeData.hasPrefix("V0;POS-DEMO-1;Kassenbeleg-V1;Beleg^"))
            let escpos = try await pos(["receipt", "show", String(order), "--format", "escpos"])
            #expect(escpos.stdout.range(of: Data(signature.qrCodeData.utf8)) != nil, "the ESC/POS receipt lacks the QR code")
            // The original was printed when the sale completed (the demo store prints to files in its data directory),
            // with the signature it was given just before.
            let printedFolder = data.url.appendingPathComponent("printed")
            let printedTexts = try FileManager.default.contentsOfDirectory(atPath: printedFolder.path).map {
                try String(contentsOf: printedFolder.appendingPathComponent($0), encoding: .utf8)
            }
            let original = try #require(printedTexts.first { Self.squeezed($0).contains(signature.signature) },
                                        "receipt \(order) was not printed at completion")
            #expect(!original.contains("COPY"))
            let copies = data.url.appendingPathComponent("copies-\(order)")
            let reprint = try await pos(["receipt", "reprint", String(order), "--printer", "file:\(copies.path)"])
            #expect(reprint.status == 0, "\(reprint.stderr)")
            let printed = try FileManager.default.contentsOfDirectory(atPath: copies.path)
            let copyText = try String(contentsOf: copies.appendingPathComponent(try #require(printed.first)), encoding: .utf8)
            #expect(copyText.contains("COPY"))
            #expect(Self.squeezed(copyText).contains(signature.signature))
            #expect(Self.squeezed(copyText).contains("[QR:" + signature.qrCodeData + "]"))
        }

        // And the export pos writes matches dsfinvk's for the same sales
        let folder = data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.text.contains("1 closing(s), 3 receipt(s)"))
        try await expectExportMatchesOracle(export, written: folder)
    }

    @Test("the TSE down for two sales: both complete, both receipts say so, status shows it, the export records it")
    func tseOutage_salesGoOnAndTheOutageIsRecorded() async throws {
        defer { data.remove() }
        // Given the demo store with its TSE switched off
        #expect(try await pos([]).status == 0)
        #expect(try await pos(["fiscal", "simulate-outage", "on"]).status == 0)

        // When two sales are made
        let cash = try await sell(["--item", "COF-FIL", "--pay", "cash"])
        let card = try await sell(["--item", "BAK-PAC:2", "--pay", "card", "--reader", "sim://"])

        // Then both receipts say the TSE failed, and pos status shows the outage
        for order in [cash, card] {
            let receipt = try await pos(["receipt", "show", String(order)])
            #expect(receipt.text.contains("TSE FAILED (TSE ausgefallen)"), "receipt \(order):\n\(receipt.text)")
            #expect(!receipt.text.contains("Signature counter"))
        }
        let status = try await pos(["status"])
        #expect(status.text.contains("TSE OUTAGE since"), "\(status.text)")
        let fiscal = try await pos(["fiscal", "status", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: fiscal.stdout) as? [String: Any])
        #expect((report["openOutage"] as? [String: Any])?["cause"] as? String == "the simulated TSE is switched off")
        #expect((report["counts"] as? [String: Any])?["failed"] as? Int == 2)

        // When the TSE answers again, a third sale is signed and the outage ends; the shift closes
        #expect(try await pos(["fiscal", "simulate-outage", "off"]).status == 0)
        let third = try await sell(["--item", "COF-ESP", "--pay", "cash"])
        #expect(Self.squeezed(try await pos(["receipt", "show", String(third)]).text).contains("Signaturecounter"))
        #expect(!(try await pos(["status"]).text.contains("TSE OUTAGE")))
        #expect(try await pos(["shift", "close", "--counted", "9.10"]).status == 0)

        // Then the outage is recorded with its start and end, and the export has TSE_TA_FEHLER for both sales,
        // which were never signed afterwards
        let environment = try environment()
        let outages = try await environment.database.fiscalOutages()
        #expect(outages.count == 1 && outages[0].endedAt != nil)
        let folder = data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let rows = DSFinVKExportTests.parseCSV(try String(contentsOf: folder.appendingPathComponent("transactions_tse.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        let error = try #require(header.firstIndex(of: "TSE_TA_FEHLER")), number = try #require(header.firstIndex(of: "TSE_TANR"))
        #expect(rows.count == 4)
        #expect(rows[1][error] == "TSE ausgefallen: die simulierte TSE ist ausgeschaltet" && rows[1][number].isEmpty)
        #expect(rows[2][error] == "TSE ausgefallen: die simulierte TSE ist ausgeschaltet" && rows[2][number].isEmpty)
        #expect(rows[3][error].isEmpty && rows[3][number] == "1")
        let export = try await FiscalService(environment: environment)
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        try await expectExportMatchesOracle(export, written: folder)
    }

    @Test("a finish whose answer was lost (crash) is settled on the next start with the same signature, never signed twice")
    func pendingFinish_settledOnceWithTheSameSignature() async throws {
        defer { data.remove() }
        // Given a signed sale
        #expect(try await pos([]).status == 0)
        _ = try await sell(["--item", "COF-ESP", "--pay", "cash"])
        let environment = try environment()
        let signed = try #require(try await environment.database.fiscalTransaction(saleId: 1))
        #expect(signed.state == .signed)
        let counterBefore = try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter

        // When the process is taken to have died after the TSE signed and before the signature was recorded
        try await DSFinVKOracleSQL.execute("UPDATE fiscalTransaction SET state = 'finishing', signature = NULL WHERE saleId = 1",
                                     database: data.url.appendingPathComponent("pos.sqlite").path)
        let status = try await pos(["fiscal", "status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")

        // Then the next start records the TSE's one signature; the TSE signed nothing more
        let settled = try #require(try await environment.database.fiscalTransaction(saleId: 1))
        #expect(settled.state == .signed)
        #expect(settled.signature == signed.signature)
        #expect(try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter == counterBefore)

        // When the process is taken to have died between completeSale and the finish call (the row still active)
        try await DSFinVKOracleSQL.execute("UPDATE fiscalTransaction SET state = 'active', signature = NULL, receiptData = NULL WHERE saleId = 1",
                                     database: data.url.appendingPathComponent("pos.sqlite").path)
        #expect(try await pos(["fiscal", "status"]).status == 0)
        // Then the completed sale is finished once: the TSE's one signature again
        #expect(try await environment.database.fiscalTransaction(saleId: 1)?.signature == signed.signature)

        // When a parked sale's start answer was lost, and a voided sale's cancel answer was lost
        let parked = try await pos(["cart", "park", "--item", "COF-LAT"])
        let parkedMatch = try #require(parked.text.firstMatch(of: /Sale (\d+)/))
        let parkedId = try #require(Int(parkedMatch.1))
        let started = try #require(try await environment.database.fiscalTransaction(saleId: Int64(parkedId)))
        let voidedId = try await parkAndVoid("BAK-CRO")
        let cancelled = try #require(try await environment.database.fiscalTransaction(saleId: Int64(voidedId)))
        #expect(started.state == .active && cancelled.state == .cancelled)
        try await DSFinVKOracleSQL.execute("UPDATE fiscalTransaction SET state = 'starting', \"transaction\" = NULL WHERE saleId = \(parkedId)",
                                     database: data.url.appendingPathComponent("pos.sqlite").path)
        try await DSFinVKOracleSQL.execute("UPDATE fiscalTransaction SET state = 'cancelling', signature = NULL WHERE saleId = \(voidedId)",
                                     database: data.url.appendingPathComponent("pos.sqlite").path)
        let counter = try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter
        #expect(try await pos(["fiscal", "status"]).status == 0)

        // Then the parked sale has its same open transaction, the voided one its one AVBelegabbruch signature
        let restarted = try #require(try await environment.database.fiscalTransaction(saleId: Int64(parkedId)))
        #expect(restarted.state == .active && restarted.transaction == started.transaction)
        let recancelled = try #require(try await environment.database.fiscalTransaction(saleId: Int64(voidedId)))
        #expect(recancelled.state == .cancelled && recancelled.signature == cancelled.signature)
        #expect(try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter == counter)
    }
}

/// Edits a database with Python's sqlite3 (the tests' way to stage a crash's leftovers).
enum DSFinVKOracleSQL {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func execute(_ statement: String, database: String) async throws {
        let result = try await Subprocess.run(
            .path(FilePath("/usr/bin/python3")),
            arguments: ["-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nwith c:\n    c.execute(sys.argv[2])",
                        database, statement],
            output: .discarded, error: .discarded)
        guard result.terminationStatus.isSuccess else { throw Failure(description: "python3 sqlite3 failed: \(statement)") }
    }
}
