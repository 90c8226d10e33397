import Foundation
import Testing
import WooTestServer

/// Card sales with known test cards through terminals that do NOT mask (full PAN in BMP 22, expiry in BMP 0E, slip
/// lines with both), then a scan of everything pos wrote or said for card data: the database and its -wal/-shm as
/// raw bytes, every other file in the data directory, the printed receipts, and the stdout/stderr of every command
/// (logging at trace level). Only the last four digits may appear; never an expiry date. Cashier PINs
/// are scanned for the same way: never in clear, never their scrypt output as text.
///
/// The other security checks live with their subjects: credentials file 0600 and data directory 0700 in
/// `PosLoginEndToEndTests.login_goodCredentials_thenStatusJSONShowsStoreNameAndCurrency`, `http://` refused for
/// other hosts in `PosLoginEndToEndTests.login_plainHTTPToAnotherHost_isRefusedAsUsage` and `SiteAddressTests`,
/// TLS failures never downgraded in `HTTPClientNetworkTests.response_httpsToPlainListener_failsWithTLSFailure`,
/// and group/seat-only udev rules in `UdevRulesTests.generate_eachTerminal_hasAUSBAndATTYRuleWithGroupAccessNeverWorldWritable`.
@Suite(.serialized)
struct CardDataScanEndToEndTests {
    /// A test card as the simulator knows it (TestCard in TerminalSimulator).
    struct Card {
        var script: String
        var number: String
        var expiry: String  // YYMM
    }

    static let mastercard = Card(script: "card:mastercard", number: "5413330089010434", expiry: "2812")
    static let visa = Card(script: "card:visa", number: "4761739001010010", expiry: "2907")
    /// Cashier PINs: distinctive, so a stray occurrence is the PIN.
    static let managerPin = "739146"
    static let cashierPin = "582063"

    let server = WooTestServer()
    let data: TemporaryDirectory
    let printed: TemporaryDirectory
    let site: String

    init() throws {
        data = try TemporaryDirectory()
        printed = try TemporaryDirectory()
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "scan pass", role: .shopManager)
    }

    @Test func cardSales_terminalSendsFullPANAndExpiry_noneOfItInFilesOutputOrReceipts() async throws {
        var outputs: [String] = []
        func pos(_ arguments: [String], dataDirectory: Bool = true, stdin: String? = nil) async throws -> PosProcess.Outcome {
            let outcome = try await PosProcess.run(arguments + (dataDirectory ? ["--data-dir", data.path] : []),
                                                   environment: ["POS_APP_PASSWORD": "scan pass", "POS_LOG_LEVEL": "trace"],
                                                   stdin: stdin)
            outputs += [outcome.stdout, outcome.stderr]
            return outcome
        }
        var simulators: [RunningPos] = []
        defer {
            for simulator in simulators { simulator.terminate() }
            server.stop()
            data.remove()
            printed.remove()
        }
        // Given a store, a product, and one unmasking terminal per test card
        let productID = server.addProduct(name: "Scan Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        #expect(try await pos(["login", "--site", site, "--username", "manager"]).status == 0)
        try await CatalogSeeder.execute([
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Scan Mug', 'SCAN-MUG', '5.00', '5.00', 'zero-rate')",
        ], database: data.url.appendingPathComponent("pos.sqlite").path)
        var readers: [String] = []
        for card in [Self.mastercard, Self.visa] {
            let (simulator, reader) = try await RunningPos.zvtSimulator(["--script", "full-pan,\(card.script)"])
            simulators.append(simulator)
            readers.append(reader)
        }

        // When paying, selling (card and split), showing, printing, reprinting, resolving and syncing
        let pay = try await pos(["reader", "pay", "--reader", readers[0], "--amount", "12.50", "--currency", "EUR", "--json"])
        let card = try await pos(["sell", "--item", "SCAN-MUG:2", "--pay", "card", "--reader", readers[0], "--json"])
        let split = try await pos(["sell", "--item", "SCAN-MUG:3", "--pay", "cash:5.00", "--pay", "card", "--reader", readers[1]])
        var receipts: [String] = []
        for order in ["1", "2"] {
            _ = try await pos(["orders", "show", order])
            receipts.append(try await pos(["receipt", "show", order]).stdout)
            #expect(try await pos(["receipt", "print", order, "--printer", "file:\(printed.path)"]).status == 0)
            #expect(try await pos(["receipt", "reprint", order, "--printer", "file:\(printed.path)"]).status == 0)
        }
        _ = try await pos(["reader", "resolve"])
        _ = try await pos(["status"])
        // Cashiers with known PINs sign in, sell, fail a PIN, and a manager approves a refund and a no-sale
        #expect(try await pos(["cashier", "add", "Ann", "--role", "manager"], stdin: "\(Self.managerPin)\n").status == 0)
        #expect(try await pos(["cashier", "add", "Bob", "--manager", "Ann"],
                              stdin: "\(Self.managerPin)\n\(Self.cashierPin)\n").status == 0)
        #expect(try await pos(["cashier", "sign-in", "Bob"], stdin: "\(Self.managerPin)\n").status == 16)
        #expect(try await pos(["cashier", "sign-in", "Bob"], stdin: "\(Self.cashierPin)\n").status == 0)
        let cashSale = try await pos(["sell", "--item", "SCAN-MUG", "--pay", "cash", "--json"])
        #expect(cashSale.status == 0, "\(cashSale.stderr)")
        let refund = try await pos(["refund", "3", "--manager", "Ann"], stdin: "\(Self.managerPin)\n")
        #expect(refund.status == 0, "\(refund.stderr)")
        #expect(try await pos(["drawer", "open", "--manager", "Ann", "--printer", "file:\(printed.path)"],
                              stdin: "\(Self.managerPin)\n").status == 0)
        receipts.append(try await pos(["receipt", "show", "3"]).stdout)
        #expect(try await pos(["receipt", "print", "3", "--printer", "file:\(printed.path)"]).status == 0)
        _ = try await pos(["cashier", "list", "--json"])
        _ = try await pos(["cashier", "approvals"])
        _ = try await pos(["shift", "report"])
        let sync = try await pos(["sync"])

        // Then everything worked with the last four digits only …
        #expect(pay.status == 0 && card.status == 0 && split.status == 0, "\(pay.stderr) \(card.stderr) \(split.stderr)")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(pay.stdout.contains("0434") && receipts[0].contains("0434") && receipts[1].contains("0010"))
        // … and no PAN digits beyond the last four, no expiry date, anywhere
        var places: [(String, Data)] = outputs.enumerated().map { ("output of command \($0.offset / 2)", Data($0.element.utf8)) }
        for directory in [data.url, printed.url] {
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL } ?? []
            for file in files where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                places.append((file.lastPathComponent, try Data(contentsOf: file)))
            }
        }
        #expect(places.contains { $0.0 == "pos.sqlite" }, "the database itself was scanned")
        // … and no PIN, in clear or as its stored scrypt output (hex either case, base64), anywhere; the raw
        // output only in the database, which keeps it as the PIN's hash
        let hashes = try await CatalogSeeder.query("SELECT pinHash FROM cashier", database: data.url.appendingPathComponent("pos.sqlite").path)
            .compactMap(\.first)
        #expect(hashes.count == 2)
        for (place, bytes) in places {
            for pin in [Self.managerPin, Self.cashierPin] {
                #expect(!Self.containsToken(Array(pin.utf8), in: [UInt8](bytes)), "\(place) holds the PIN \(pin)")
            }
            for hex in hashes {
                let raw = Data(stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! })
                for needle in [hex, hex.uppercased(), raw.base64EncodedString(), String(raw.base64EncodedString().prefix(20))] {
                    #expect(bytes.firstRange(of: Data(needle.utf8)) == nil, "\(place) holds a PIN hash as text")
                }
                if !place.hasPrefix("pos.sqlite") {
                    #expect(bytes.firstRange(of: raw.prefix(12)) == nil, "\(place) holds a PIN hash's bytes")
                }
            }
        }
        for card in [Self.mastercard, Self.visa] {
            for (place, bytes) in places {
                for needle in Self.panNeedles(card.number) {
                    #expect(bytes.firstRange(of: needle) == nil, "\(place) holds PAN digits of \(card.number)")
                }
                for token in Self.expiryTokens(card.expiry) {
                    #expect(!Self.containsToken(Array(token.utf8), in: [UInt8](bytes)), "\(place) holds the expiry \(token)")
                }
            }
        }
    }

    /// What would betray the PAN: the full number, the first six digits, every 8-digit window (each has four or more
    /// digits beyond the last four), the first two print groups, and the first 8 digits as BCD bytes and hex text.
    static func panNeedles(_ number: String) -> [Data] {
        let digits = Array(number)
        var needles = [number, String(digits.prefix(6)), String(digits[0..<4]) + " " + String(digits[4..<8])]
        for start in 0...(digits.count - 8) { needles.append(String(digits[start..<(start + 8)])) }
        let bcd = stride(from: 0, to: 8, by: 2).map { UInt8(digits[$0].wholeNumberValue! << 4 | digits[$0 + 1].wholeNumberValue!) }
        let hex = bcd.map { String(format: "%02X", $0) }
        return needles.map { Data($0.utf8) } + [Data(bcd), Data(hex.joined(separator: " ").utf8)]
    }

    /// The expiry as YYMM and as MM/YY.
    static func expiryTokens(_ yymm: String) -> [String] {
        [yymm, "\(yymm.suffix(2))/\(yymm.prefix(2))"]
    }

    /// True when `token` occurs with no letter or digit right before or after it (so a UUID or a longer number
    /// that happens to contain the four digits does not count).
    static func containsToken(_ token: [UInt8], in bytes: [UInt8]) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard bytes.count >= token.count else { return false }
        var index = 0
        while index <= bytes.count - token.count {
            if bytes[index] == token[0], Array(bytes[index..<(index + token.count)]) == token,
               index == 0 || !isAlphanumeric(bytes[index - 1]),
               index + token.count == bytes.count || !isAlphanumeric(bytes[index + token.count]) {
                return true
            }
            index += 1
        }
        return false
    }
}
