import Foundation
import Testing
import WooTestServer

/// `--json` as docs/operations.md ("JSON output") says: every command that prints data or a result takes it, its
/// output is JSON, and it carries machine fields only — so the same command on the same data gives the same JSON
/// in German and in English, at most its times and UUIDs differing. And the refusals of a demo day exit with the
/// table's codes. Each test has its own data directory (or store), so they run side by side.
@Suite(.timeLimit(.minutes(5)))
struct JsonOutputEndToEndTests {
    /// One command of the sweep, what it reads on standard input (PINs), if anything, and whether it takes
    /// `--data-dir` (every command but the one that reads no data directory).
    struct Step: ExpressibleByArrayLiteral {
        var command: [String]
        var stdin: String?
        var readsDataDirectory = true

        init(_ command: [String], stdin: String? = nil, readsDataDirectory: Bool = true) {
            self.command = command
            self.stdin = stdin
            self.readsDataDirectory = readsDataDirectory
        }

        init(arrayLiteral command: String...) { self.init(command) }
    }

    /// The commands in the order they run: each on an English data directory and on its German twin, which were
    /// copied from one demo day, so both evolve alike. Reads and changes (a cash-in, a drawer open, a refund…).
    /// `{data}` stands for the twin's data directory.
    static let sweep: [Step] = [
        ["status", "--json"],
        ["orders", "list", "--json"],
        ["orders", "show", "1", "--json"],
        ["cart", "list", "--all", "--json"],
        ["catalog", "search", "a", "--limit", "5", "--json"],
        ["catalog", "lookup", "BAK-PAC", "--json"],
        ["customers", "search", "a", "--json"],
        ["cashier", "list", "--json"],
        ["cashier", "current", "--json"],
        ["cashier", "approvals", "--json"],
        ["register", "show", "--json"],
        ["register", "training", "status", "--json"],
        ["settings", "show", "--json"],
        ["fiscal", "status", "--json"],
        ["shift", "report", "--json"],
        ["shift", "cash-in", "5.00", "--reason", "change", "--json"],
        ["shift", "cash-out", "2.00", "--reason", "window cleaner", "--json"],
        ["drawer", "open", "--json"],
        ["sell", "--item", "BAK-PAC", "--pay", "cash:5.00", "--json"],
        ["refund", "2", "--json"],
        ["receipt", "print", "1", "--json"],
        ["receipt", "reprint", "1", "--json"],
        ["receipt", "show", "1", "--json"],
        ["reader", "resolve", "--json"],
        ["printer", "test", "file:{data}/printed", "--json"],
        ["shift", "close", "--counted", "10.00", "--json"],
        ["shift", "report", "--json"],
        ["shift", "open", "--float", "50.00", "--json"],
    ]

    /// The commands that change the till's setup, run as ``sweep`` is, on twins of their own (so the two chains run
    /// side by side): the settings, the fiscal settings, the register, the cashiers (once there are cashiers the
    /// policy asks for a sign-in: they come last) and the logout that ends the day.
    static let setupSweep: [Step] = [
        ["settings", "set", "paper-language", "de", "--json"],
        ["settings", "unset", "paper-language", "--json"],
        ["fiscal", "simulate-outage", "on", "--json"],
        ["fiscal", "simulate-outage", "off", "--json"],
        ["fiscal", "configure", "--tax-number", "12/345/67890", "--json"],
        ["register", "set", "K7", "--json"],
        Step(["reader", "install-udev-rules", "--rules-directory", "{data}", "--json"], readsDataDirectory: false),
        Step(["cashier", "add", "Anna", "--role", "manager", "--json"], stdin: "2468\n"),
        Step(["cashier", "sign-in", "Anna", "--json"], stdin: "2468\n"),
        Step(["cashier", "add", "Ben", "--manager", "Anna", "--json"], stdin: "2468\n1357\n"),
        Step(["cashier", "set-pin", "Ben", "--manager", "Anna", "--json"], stdin: "2468\n9753\n"),
        Step(["cashier", "unlock", "Ben", "--manager", "Anna", "--json"], stdin: "2468\n"),
        Step(["cashier", "remove", "Ben", "--manager", "Anna", "--json"], stdin: "2468\n"),
        ["cashier", "sign-out", "--json"],
        ["logout", "--force", "--json"],
    ]

    @Test func everyDataCommandsJSON_parsesAndIsTheSameInGermanAndEnglish() async throws {
        try await Self.run(Self.sweep)
    }

    @Test func everySetupCommandsJSON_parsesAndIsTheSameInGermanAndEnglish() async throws {
        try await Self.run(Self.setupSweep)
    }

    /// Runs `steps` on one demo day (a cash sale) and its twin, English and German, and compares their JSON.
    static func run(_ steps: [Step]) async throws {
        // Given one demo day (a cash sale), and its twin
        let english = try TemporaryDirectory(), german = try TemporaryDirectory()
        defer { english.remove(); german.remove() }
        try await Self.demoSale(english)
        try await Self.demoSale(german)

        for step in steps {
            // When: the command on both twins at once (each its own data directory)
            let command = step.command
            func on(_ data: TemporaryDirectory) -> [String] {
                command.map { $0.replacingOccurrences(of: "{data}", with: data.path) }
                    + (step.readsDataDirectory ? ["--data-dir", data.path] : [])
            }
            let (enArguments, deArguments, stdin) = (on(english), on(german), step.stdin)
            async let englishRun = PosProcess.run(enArguments, environment: ["LANG": "en_US.UTF-8"], stdin: stdin)
            let de = try await PosProcess.run(deArguments, environment: ["LANG": "de_DE.UTF-8"], stdin: stdin)
            let en = try await englishRun
            // Then: both succeed, print JSON, and the JSON is the same but for times and UUIDs
            #expect(en.status == 0 && de.status == 0, "pos \(command): \(en.status) \(en.stderr) / \(de.status) \(de.stderr)")
            guard en.status == 0, de.status == 0 else { continue }
            // (each twin's own path, where a printer or the data directory is named, is the one expected difference)
            let enOut = en.stdout.replacingOccurrences(of: english.path, with: "<data>")
            let deOut = de.stdout.replacingOccurrences(of: german.path, with: "<data>")
            let enValue = try #require(Self.parse(enOut), "pos \(command) (en) is not JSON: \(en.stdout)")
            let deValue = try #require(Self.parse(deOut), "pos \(command) (de) is not JSON: \(de.stdout)")
            let enText = Self.canonical(Self.masked(enValue)), deText = Self.canonical(Self.masked(deValue))
            #expect(enText == deText, "pos \(command): English and German JSON differ\n\(enText)\n\(deText)")
        }
    }

    /// A shift's JSON: its amounts as decimal strings with the currency, the drawer's arithmetic, codes for tenders.
    @Test func shiftCloseJSON_carriesTheCountAndTheDifferenceAsMachineFields() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)

        let closed = try await PosProcess.run(["shift", "close", "--counted", "100.00", "--json", "--data-dir", data.path])

        #expect(closed.status == 0, "\(closed.stderr)")
        let report = try #require(Self.parse(closed.stdout) as? [String: Any], "\(closed.stdout)")
        #expect(report["state"] as? String == "closed")
        #expect(report["currency"] as? String == "EUR")
        #expect(report["grossSales"] as? String == "2.10")
        #expect(report["countedCash"] as? String == "100.00")
        #expect(report["expectedCash"] as? String == "2.10")
        #expect(report["difference"] as? String == "97.90")
        #expect(report["printed"] as? Bool == true)
        let tenders = try #require(report["tenders"] as? [[String: Any]])
        #expect(tenders.contains { $0["tender"] as? String == "cash" && $0["amount"] as? String == "2.10" }, "\(tenders)")
        #expect((report["closedAt"] as? String).map(Self.isISOTime) == true, "\(report)")
    }

    /// `pos login --json` says which store it connected to, and `pos cashier import --json` which of its users
    /// became cashiers, in the same JSON in either language.
    @Test func loginJSON_namesTheStore_theSameInGermanAndEnglish() async throws {
        let server = WooTestServer()
        let site = try server.start().absoluteString
        defer { server.stop() }
        server.seedDemoStore()
        server.addUser(username: "counter1", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        var outputs: [String] = []
        for language in ["en_US.UTF-8", "de_DE.UTF-8"] {
            let data = try TemporaryDirectory()
            defer { data.remove() }
            let login = try await PosProcess.run(["login", "--data-dir", data.path, "--site", site, "--username", "counter1", "--json"],
                                                 environment: ["POS_APP_PASSWORD": "abcd efgh ijkl", "LANG": language])
            #expect(login.status == 0, "\(language): \(login.stderr)")
            let report = try #require(Self.parse(login.stdout) as? [String: Any], "\(language): \(login.stdout)")
            #expect(report["site"] as? String == site || report["site"] as? String == String(site.dropLast()), "\(report)")
            #expect(report["username"] as? String == "counter1")
            #expect(report["currency"] is String && report["store"] is String, "\(report)")
            outputs.append(Self.canonical(report))
            // The store's one user who may work the till becomes its first cashier, a manager, with the PIN typed
            let imported = try await PosProcess.run(["cashier", "import", "--json", "--data-dir", data.path], environment: ["LANG": language],
                                                    stdin: "2468\n")
            #expect(imported.status == 0, "\(language): \(imported.stderr)")
            let cashiers = try #require(Self.parse(imported.stdout) as? [String: Any], "\(language): \(imported.stdout)")
            let users = try #require(cashiers["users"] as? [[String: Any]], "\(cashiers)")
            #expect(users.contains { $0["username"] as? String == "counter1" && $0["role"] as? String == "manager" }, "\(users)")
            let added = try #require(cashiers["added"] as? [[String: Any]], "\(cashiers)")
            #expect(added.count == 1 && added.first?["role"] as? String == "manager", "\(added)")
            outputs.append(Self.canonical(cashiers))
        }
        #expect(outputs.count == 4 && outputs[0] == outputs[2] && outputs[1] == outputs[3], "\(outputs)")
    }

    // MARK: - The table's codes for what a demo day refuses

    @Test func shiftRefusals_areRefusedWith1_andMalformedAmountsAre64() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)  // (the sale opened shift 1)

        let openAgain = try await PosProcess.run(["shift", "open", "--float", "10", "--data-dir", data.path])
        #expect(openAgain.status == 1, "one shift at a time is a refusal, not a bad argument: \(openAgain.stderr)")
        #expect(openAgain.stderr.contains("Shift 1 is already open"), "\(openAgain.stderr)")

        let badAmount = try await PosProcess.run(["shift", "cash-in", "ten", "--reason", "x", "--data-dir", data.path])
        #expect(badAmount.status == 64, "\(badAmount.stderr)")

        let closed = try await PosProcess.run(["shift", "close", "--counted", "2.10", "--data-dir", data.path])
        #expect(closed.status == 0, "\(closed.stderr)")
        let closeAgain = try await PosProcess.run(["shift", "close", "--counted", "2.10", "--data-dir", data.path])
        #expect(closeAgain.status == 1, "nothing to close is a refusal: \(closeAgain.stderr)")
        #expect(closeAgain.stderr.contains("No shift is open"), "\(closeAgain.stderr)")

        let noSuchShift = try await PosProcess.run(["shift", "report", "--shift", "99", "--data-dir", data.path])
        #expect(noSuchShift.status == 2, "\(noSuchShift.stderr)")
    }

    /// What a demo day refuses, command by command, with the table's code; none of these changes the data, so they
    /// share one data directory.
    static let refusals: [(command: [String], code: Int32)] = [
        (["shift", "end-of-day", "--shift", "1"], 1),  // the shift is still open: its close runs the end of day
        (["shift", "report", "--shift", "99"], 2),
        (["shift", "cash-out", "5", "--reason", ""], 64),
        (["refund", "1", "--amount", "abc"], 64),
        (["refund", "1", "--amount", "99"], 1),  // more than was paid
        (["receipt", "reprint", "999"], 2),
        (["catalog", "lookup", "NOPE"], 2),
        (["cart", "show", "999"], 2),
        (["cashier", "remove", "NOBODY"], 2),
        (["settings", "set", "nosuchkey", "x"], 64),
        (["register", "set", "bad_id"], 64),
        (["sell", "--customer", "99999", "--item", "BAK-PAC", "--pay", "cash"], 2),
        (["sell", "--coupon", "NOPE", "--item", "BAK-PAC", "--pay", "cash"], 1),
        (["logout"], 8),  // the demo sale has not reached a store
        (["drawer", "open", "--printer", "nosuchqueue"], 14),
    ]

    @Test func aDemoDaysRefusals_exitWithTheTablesCodes_andSayWhy() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)

        for (command, code) in Self.refusals {
            let outcome = try await PosProcess.run(command + ["--data-dir", data.path],
                                                   environment: ["CUPS_SERVER": data.path + "/no-cups.sock"])
            #expect(outcome.status == code, "pos \(command): \(outcome.status), not \(code): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("pos: ") || outcome.stderr.hasPrefix("Error: "), "pos \(command): \(outcome.stderr)")
        }
    }

    @Test func manualItemInAnUnknownTaxClass_is1_namesTheItem_andDoesNotSendToWooCommerce() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)

        let named = try await PosProcess.run(["sell", "--manual", "price=3.50,tax=bogus,name=Rye bread", "--pay", "cash",
                                              "--data-dir", data.path])
        let unnamed = try await PosProcess.run(["sell", "--manual", "price=3.50,tax=bogus", "--pay", "cash",
                                                "--data-dir", data.path])
        let german = try await PosProcess.run(["sell", "--manual", "price=3.50,tax=bogus", "--pay", "cash",
                                               "--data-dir", data.path], environment: ["LANG": "de_DE.UTF-8"])

        #expect(named.status == 1, "\(named.stderr)")
        #expect(named.stderr.contains("The manual item \"Rye bread\" cannot be sold: there is no tax class \"bogus\""),
                "\(named.stderr)")
        #expect(unnamed.status == 1, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("pos: The manual item cannot be sold"), "\(unnamed.stderr)")
        #expect(!unnamed.stderr.contains("pos:  cannot"), "\(unnamed.stderr)")
        for outcome in [named, unnamed] {
            #expect(!outcome.stderr.contains("WooCommerce"), "a typed item has no product to fix: \(outcome.stderr)")
            #expect(outcome.stderr.contains("--manual price=AMOUNT,tax=CLASS"), "\(outcome.stderr)")
        }
        #expect(german.status == 1)
        #expect(german.stderr.contains("Der manuelle Artikel kann nicht verkauft werden"), "\(german.stderr)")
        let shown = try await PosProcess.run(["orders", "show", "2", "--data-dir", data.path])
        #expect(shown.status == 2, "nothing was sold: \(shown.stdout)")
    }

    @Test func aWeightLabelWithAWrongCheckDigit_isRefusedWith1() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)

        // (the demo's layout reads 2800007012345 as 1.234 kg of PLU 7; the last digit is its check digit)
        let outcome = try await PosProcess.run(["sell", "--item", "2800007012346", "--pay", "cash", "--data-dir", data.path])

        #expect(outcome.status == 1, "a well-typed code whose label cannot be read is refused: \(outcome.stderr)")
        #expect(outcome.stderr.contains("2800007012346"), "\(outcome.stderr)")
    }

    /// With `--json`, an error is what it is without: the table's exit code, the prose on standard error, and
    /// nothing on standard output (docs/operations.md, "JSON output").
    @Test func anErrorWithJSON_exitsWithTheTablesCode_andPrintsNothingOnStandardOutput() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoSale(data)

        let notFound = try await PosProcess.run(["orders", "show", "999", "--json", "--data-dir", data.path])
        let openAgain = try await PosProcess.run(["shift", "open", "--float", "1", "--json", "--data-dir", data.path])
        let printJSON = try await PosProcess.run(["shift", "report", "--print", "--json", "--data-dir", data.path])
        let noReceipt = try await PosProcess.run(["receipt", "show", "999", "--json", "--data-dir", data.path])
        let textAndJSON = try await PosProcess.run(["receipt", "show", "1", "--format", "escpos", "--json", "--data-dir", data.path])

        #expect(notFound.status == 2 && notFound.stdout.isEmpty, "\(notFound.stdout) \(notFound.stderr)")
        #expect(openAgain.status == 1 && openAgain.stdout.isEmpty, "\(openAgain.stdout) \(openAgain.stderr)")
        #expect(!openAgain.stderr.isEmpty)
        #expect(printJSON.status == 64 && printJSON.stdout.isEmpty, "\(printJSON.stdout) \(printJSON.stderr)")
        #expect(noReceipt.status == 2 && noReceipt.stdout.isEmpty && !noReceipt.stderr.isEmpty, "\(noReceipt.stdout) \(noReceipt.stderr)")
        #expect(textAndJSON.status == 64 && textAndJSON.stdout.isEmpty, "\(textAndJSON.stdout) \(textAndJSON.stderr)")
    }

    // MARK: - Helpers

    static func parse(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Times and UUIDs (which differ between two runs) replaced by placeholders; everything else kept.
    static func masked(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]: dictionary.mapValues(masked)
        case let array as [Any]: array.map(masked)
        case let text as String where isISOTime(text): "<time>"
        case let text as String where UUID(uuidString: text) != nil: "<uuid>"
        default: value
        }
    }

    static func isISOTime(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil
    }

    static func canonical(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
            return "\(value)"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A demo data directory with one cash sale (order 1, 2,10 €), in English: a copy of the run's ``DemoDay``.
    static func demoSale(_ data: TemporaryDirectory) async throws {
        try await DemoDay.copy(into: data)
    }
}
