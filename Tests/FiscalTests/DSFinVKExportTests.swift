import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import POSFoundation
import Testing
import TSESimulator
import Yosemite

/// The DSFinV-K export of a fixed set of sales, signed by the TSE simulator, against what the PyPI package
/// `dsfinvk` builds from the same sales: every file it writes, header and rows, column by column.
@Suite("DSFinV-K export")
struct DSFinVKExportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }

    /// `2026-11-20T09:15:00+01:00` → Date.
    static func time(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Date → `2026-11-20T09:15:00+01:00` in Berlin (what the oracle reads; it formats the local time itself).
    static func offsetText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: berlin))
            .replacingOccurrences(of: "Z", with: "+00:00")
            .replacingOccurrences(of: #"([+-]\d\d)(\d\d)$"#, with: "$1:$2", options: .regularExpression)
    }

    /// `discount`: the line's discount (gross, net), when its price was reduced.
    static func line(_ number: String, _ text: String, _ article: String, quantity: Decimal = 1, unit: Int64,
                     _ rate: FiscalVATRate, gross: Int64, net: Int64,
                     discount: (gross: Int64, net: Int64)? = nil) -> DSFinVKExport.Line {
        DSFinVKExport.Line(lineNumber: number, articleNumber: article, gtin: article == "SKU-1" ? "4006381333931" : "",
                           text: text, quantity: quantity, unitPriceGross: eur(unit), vatRate: rate,
                           gross: eur(gross), net: eur(net), vat: eur(gross - net),
                           discount: discount.map { .init(gross: eur($0.gross), net: eur($0.net), vat: eur($0.gross - $0.net)) })
    }

    /// Signs a receipt's sale through the simulator (or, when `tseDown`, records the outage) and returns it.
    static func receipt(_ signer: SimulatedFiscalSigner, id: String, number: Int, start: String, end: String,
                        lines: [DSFinVKExport.Line], payments: [DSFinVKExport.Payment], abandoned: Bool = false,
                        tseDown: Bool = false) async throws -> DSFinVKExport.Receipt {
        signer.tse.isDown = tseDown
        defer { signer.tse.isDown = false }
        var perRate: [FiscalVATRate: Money] = [:]
        for line in lines { perRate[line.vatRate] = (perRate[line.vatRate] ?? eur(0)) + line.gross }
        let fiscalPayments = payments.map {
            FiscalPayment(kind: $0.isCash ? .cash : .nonCash, amount: $0.foreignAmount ?? $0.amount)
        }
        var signature: FiscalSignature?
        var tseError = ""
        do {
            let open = try await signer.start(FiscalStartRequest(saleID: id, mode: .demo))
            signature = abandoned
                ? try await signer.cancel(open, kind: .abandoned)
                : try await signer.finish(open, receipt: FiscalReceiptData(type: .beleg, amountsPerVATRate: perRate,
                                                                           payments: fiscalPayments))
        } catch {
            let outage = try #require(error.outage)
            tseError = "TSE ausgefallen: \(outage.cause)"
        }
        return DSFinVKExport.Receipt(
            id: id, number: number, type: abandoned ? .abandoned : .beleg, start: time(start), end: time(end),
            operatorID: "7", operatorName: "Anna Kassiererin", lines: lines, payments: abandoned ? [] : payments,
            signature: signature, tseError: tseError)
    }

    /// A card sale (one line 10 % off: 8.99 → 8.09), a split sale, a voided (abandoned) sale, a large cash sale with
    /// an awkward text, a sale during a TSE outage; then a second closing with a cash sale in a foreign currency.
    static func fixture() async throws -> DSFinVKExport {
        let signer = SimulatedFiscalSignerFactory.make(now: { time("2026-11-20T10:00:00+01:00") })
        let card = try await receipt(signer, id: "B-1", number: 1, start: "2026-11-20T09:15:00+01:00",
                                     end: "2026-11-20T09:16:30+01:00", lines: [
                                         line("1", "Kaffee 250 g", "SKU-1", unit: 899, .normal, gross: 809, net: 680,
                                              discount: (gross: 90, net: 75)),
                                         line("2", "Milch 1 l", "SKU-2", quantity: 2, unit: 119, .reduced, gross: 238, net: 222),
                                     ], payments: [.init(type: "ECKarte", name: "girocard", amount: eur(1047))])
        let split = try await receipt(signer, id: "B-2", number: 2, start: "2026-11-20T10:02:00+01:00",
                                      end: "2026-11-20T10:04:10+01:00", lines: [
                                          line("1", "Tasse", "SKU-3", unit: 1250, .normal, gross: 1250, net: 1050),
                                          line("2", "Brot", "SKU-4", unit: 320, .reduced, gross: 320, net: 299),
                                      ], payments: [
                                          .init(type: "Bar", name: "Bargeld", amount: eur(1000)),
                                          .init(type: "Kreditkarte", name: "Visa", amount: eur(570)),
                                      ])
        let voided = try await receipt(signer, id: "B-3", number: 3, start: "2026-11-20T11:00:00+01:00",
                                       end: "2026-11-20T11:00:45+01:00", lines: [
                                           line("1", "Schokolade", "SKU-5", unit: 249, .reduced, gross: 249, net: 233),
                                       ], payments: [], abandoned: true)
        let large = try await receipt(signer, id: "B-4", number: 4, start: "2026-11-20T15:30:00+01:00",
                                      end: "2026-11-20T15:33:00+01:00", lines: [
                                          line("1", "Kaffeemaschine \"Roma\"; 1,5 l", "SKU-6", unit: 129_900, .normal,
                                               gross: 129_900, net: 109_160),
                                      ], payments: [.init(type: "Bar", name: "Bargeld", amount: eur(129_900))])
        let outage = try await receipt(signer, id: "B-5", number: 5, start: "2026-11-20T16:00:00+01:00",
                                       end: "2026-11-20T16:01:00+01:00", lines: [
                                           line("1", "Filter", "SKU-7", quantity: 3, unit: 250, .normal, gross: 750, net: 630),
                                       ], payments: [.init(type: "ECKarte", name: "girocard", amount: eur(750))],
                                       tseDown: true)
        let foreign = try await receipt(signer, id: "B-6", number: 6, start: "2026-11-21T09:00:00+01:00",
                                        end: "2026-11-21T09:01:00+01:00", lines: [
                                            line("1", "Brot", "SKU-4", unit: 320, .reduced, gross: 320, net: 299),
                                        ], payments: [.init(type: "Bar", name: "US-Dollar", amount: eur(320),
                                                            foreignAmount: Money(minorUnits: 350, currency: Currency(code: "USD")))])
        let identity = try await signer.identity()
        return DSFinVKExport(
            company: .init(name: "Kaffeerösterei Beispiel GmbH", street: "Hauptstraße 1", postalCode: "10115",
                           city: "Berlin", taxNumber: "27/123/45678", vatID: "DE123456789"),
            location: .init(name: "Laden Mitte", street: "Hauptstraße 1", postalCode: "10115", city: "Berlin",
                            vatID: "DE123456789"),
            cashRegister: .init(id: "POS-TILL-1", brand: "pos", model: "Linux counter", serialNumber: "POS-TILL-1",
                                softwareBrand: "pos", softwareVersion: "0.1.0"),
            tse: .init(identity: identity, certificate: String(repeating: "QUJD", count: 400)),
            closings: [
                .init(number: 1, createdAt: time("2026-11-20T20:00:00+01:00"), timeZone: berlin,
                      receipts: [card, split, voided, large, outage]),
                .init(number: 2, createdAt: time("2026-11-21T20:00:00+01:00"), timeZone: berlin, receipts: [foreign]),
            ])
    }

    /// Splits CSV text as Python's csv module writes it (`;`, `"` quoting with doubled quotes, CR LF records).
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.unicodeScalars.append("\""); characters.removeFirst() } else { quoted = false }
                } else { field.unicodeScalars.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == ";" {
                row.append(field); field = ""
            } else if c == "\r", characters.first == "\n" {
                characters.removeFirst()
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    @Test("the export matches dsfinvk's, file by file and column by column",
          .enabled("dsfinvk is not in the Python venv: run scripts/install-deps.sh") { await DSFinVKOracle.isAvailable })
    func matchesDsfinvk() async throws {
        let export = try await Self.fixture()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dsfinvk-\(UUID().uuidString)")
        // POS_KEEP_DSFINVK=1 keeps both exports for a look (the folder is printed).
        let keep = ProcessInfo.processInfo.environment["POS_KEEP_DSFINVK"] != nil
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        if keep { print("DSFinV-K exports in \(folder.path)") }
        let ours = folder.appendingPathComponent("pos")
        let written = try DSFinVKWriter().write(export, to: ours)
        let theirs = try await DSFinVKOracle.build(try DSFinVKOracle.salesJSON(export, offsets: Self.offsetText), in: folder)

        let theirFiles = try FileManager.default.contentsOfDirectory(atPath: theirs.path).sorted()
        #expect(theirFiles.count == 15, "dsfinvk wrote \(theirFiles)")
        var comparedFields = 0
        for file in theirFiles {
            #expect(written.contains(file), "pos did not write \(file)")
            let mine = Self.parseCSV(try String(contentsOf: ours.appendingPathComponent(file), encoding: .utf8))
            let reference = Self.parseCSV(try String(contentsOf: theirs.appendingPathComponent(file), encoding: .utf8))
            #expect(mine.first == reference.first, "\(file): columns differ")
            #expect(mine.count == reference.count, "\(file): \(mine.count - 1) rows, dsfinvk \(reference.count - 1)")
            let header = reference.first ?? []
            for (index, (row, expected)) in zip(mine, reference).enumerated().dropFirst() {
                for (column, name) in header.enumerated() {
                    let value = column < row.count ? row[column] : "<missing>"
                    #expect(value == expected[column], "\(file) row \(index) \(name): pos \(value), dsfinvk \(expected[column])")
                    comparedFields += 1
                }
            }
            // Byte for byte too: the same quoting and line ends.
            #expect(try Data(contentsOf: ours.appendingPathComponent(file)) == Data(contentsOf: theirs.appendingPathComponent(file)),
                    "\(file) differs in bytes")
        }
        #expect(comparedFields > 500)
        // The tables dsfinvk leaves out (nothing to record) are header-only in ours.
        for file in written where file.hasSuffix(".csv") && !theirFiles.contains(file) {
            let rows = Self.parseCSV(try String(contentsOf: ours.appendingPathComponent(file), encoding: .utf8))
            #expect(rows.count == 1, "\(file) should hold only its header")
        }
        print("DSFinV-K cross-check: \(theirFiles.count) files, \(comparedFields) fields equal to dsfinvk's")
    }

    @Test("the fixture's facts: signatures verify, the outage is recorded, the voided sale carries no revenue")
    func fixtureFacts() async throws {
        let export = try await Self.fixture()
        let tables = Dictionary(uniqueKeysWithValues: DSFinVKWriter().tables(for: export).map { ($0.fileName, $0) })
        let receipts = export.closings.flatMap(\.receipts)
        for receipt in receipts where receipt.signature != nil {
            #expect(try SimulatedTSETests.verifyFinish(try #require(receipt.signature)))
        }
        #expect(receipts[4].signature == nil && receipts[4].tseError.hasPrefix("TSE ausgefallen"))
        let tse = try #require(tables["transactions_tse.csv"])
        #expect(tse.rows.count == 6)
        #expect(tse.rows[4][tse.columns.firstIndex { $0.name == "TSE_TA_FEHLER" }!].hasPrefix("TSE ausgefallen"))
        #expect(tse.rows[2][tse.columns.firstIndex { $0.name == "TSE_VORGANGSDATEN" }!] == "AVBelegabbruch^0.00_0.00_0.00_0.00_0.00^")
        let heads = try #require(tables["transactions.csv"])
        let total = heads.columns.firstIndex { $0.name == "UMS_BRUTTO" }!
        #expect(heads.rows.map { $0[total] } == ["10,47", "15,70", "0,00", "1299,00", "7,50", "3,20"])
        let closing = try #require(tables["cashpointclosing.csv"])
        #expect(closing.rows[0].suffix(2) == ["1332,67", "1309,00"])
        let closingColumn = { (name: String) in closing.columns.firstIndex { $0.name == name }! }
        #expect(closing.rows.map { $0[closingColumn("Z_BUCHUNGSTAG")] } == ["2026-11-20", "2026-11-21"])
        #expect(closing.rows.allSatisfy { $0[closingColumn("TAXONOMIE_VERSION")] == "2.4" })
        // The discount is its own price-finding record: the price before it and the discount, adding up to the line
        let amounts = try #require(tables["itemamounts.csv"])
        let amountColumn = { (name: String) in amounts.columns.firstIndex { $0.name == name }! }
        #expect(amounts.rows.map { [$0[amountColumn("BON_ID")], $0[amountColumn("POS_ZEILE")], $0[amountColumn("TYP")],
                                    $0[amountColumn("PF_BRUTTO")], $0[amountColumn("PF_NETTO")], $0[amountColumn("PF_UST")]] }
                == [["B-1", "1", "base_amount", "8,99000", "7,55000", "1,44000"],
                    ["B-1", "1", "discount", "-0,90000", "-0,75000", "-0,15000"]])
    }

    @Test("numbers use a decimal comma, no digit grouping and half-up rounding")
    func numberFormat() {
        #expect(DSFinVKFormat.number(Decimal(string: "1234567.5")!, places: 2) == "1234567,50")
        #expect(DSFinVKFormat.number(Decimal(string: "-0.125")!, places: 2) == "-0,13")
        #expect(DSFinVKFormat.number(Decimal(string: "0.5")!, places: 5) == "0,50000")
        #expect(DSFinVKFormat.number(2, places: 3) == "2,000")
        #expect(DSFinVKFormat.integer(1000) == "1000")
        #expect(DSFinVKFormat.integer(0) == "0")
    }

    @Test("an amount formats on integers exactly as its decimal value does", arguments: [0, 2, 3])
    func amountMatchesDecimal(exponent: Int) {
        var values: [Int64] = [0, 1, -1, 4, 5, -5, 49, 50, 51, -50, -51, 149, 150, 151, -150, 999, 1000, 1005, -1005,
                               123_456_789, -987_654_321, 1_000_000_000_000, Int64.max, Int64.min, Int64.max / 1000]
        var seed: UInt64 = 0x5EED
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(bitPattern: seed) >> Int64(seed % 60))
        }
        for value in values {
            let decimal = Decimal(sign: value < 0 ? .minus : .plus, exponent: -exponent, significand: Decimal(value.magnitude))
            for places in [0, 2, 3, 5] {
                let text = DSFinVKFormat.amount(minorUnits: value, exponent: exponent, places: places)
                if value.magnitude < 1 << 40 { #expect(text != nil, "\(value) e-\(exponent) at \(places) places") }
                if let text {
                    #expect(text == DSFinVKFormat.number(decimal, places: places), "\(value) e-\(exponent) at \(places) places")
                }
            }
        }
    }

    @Test("index.xml names every file with its columns")
    func indexXML() throws {
        let tables = [DSFinVKSchemaProbe.transactions]
        let xml = DSFinVKIndex(tables: tables, cashRegisterID: "POS-TILL-1", softwareName: "pos").xml
        let document = try XMLDocument(xmlString: xml)
        let names = try document.nodes(forXPath: "//Table/VariableLength/VariableColumn/Name").compactMap(\.stringValue)
        #expect(names == tables[0].columns.map(\.name))
        #expect(try document.nodes(forXPath: "//Table/URL").compactMap(\.stringValue) == ["transactions.csv"])
    }
}

/// A table from a real export, for the index.xml test.
enum DSFinVKSchemaProbe {
    static var transactions: DSFinVKTable {
        DSFinVKWriter().tables(for: DSFinVKExport(
            company: .init(name: "", street: "", postalCode: "", city: "", taxNumber: "", vatID: ""),
            location: .init(name: "", street: "", postalCode: "", city: "", vatID: ""),
            cashRegister: .init(id: "T", brand: "", model: "", serialNumber: "", softwareBrand: "", softwareVersion: ""),
            tse: .init(identity: FiscalTSEIdentity(serial: "", publicKey: "", algorithm: "", timeFormat: "",
                                                   clientSerial: "", isSimulated: true)),
            closings: [])).first { $0.fileName == "transactions.csv" }!
    }
}
