import Foundation
import Testing

/// A day at the demo store on the command line (cash, card on the simulated terminal, split,
/// refund, a no-sale drawer open, approvals, shift open and close, orders, carts, catalog, customers, fiscal status
/// and export, register, cashiers, settings, printers, readers, sync, receipts, the Z report), every command's human
/// output, its typical errors and every command's `--help`, in German and in English. A German screen shows no word
/// of the English stop-list, an English one no word of the German stop-list (whole words, any case).
///
/// Words both languages use ("Terminal", "Status", "Start", "Export", "Demo"), the demo's product, customer and
/// cashier names, codes, option names, paths and URLs are not in the lists or are taken out of the text before it is
/// read (`readable`).
struct PosCommandLineStopListEndToEndTests {
    static let managerPin = "2468"
    static let cashierPin = "1357"

    /// English words that must not stand on a German screen.
    static let englishStopList: Set<String> = [
        "the", "and", "or", "of", "to", "for", "with", "from", "by", "not", "no", "is", "are", "were", "has",
        "have", "this", "that", "these", "which", "when", "then", "there", "here", "into", "without", "only", "all",
        "none", "yes", "any", "each", "every", "more", "see", "please", "provide", "did", "you", "mean", "your",
        "order", "orders", "pending", "processing", "completed", "refunded", "cancelled", "failed", "hold", "draft",
        "cash", "card", "split", "unpaid", "other", "signed", "sign", "out", "item", "items", "total", "subtotal",
        "receipt", "receipts", "thank", "shift", "closed", "drawer", "sale", "sales", "refund", "refunds", "missing",
        "value", "values", "invalid", "unknown", "options", "error", "usage", "overview", "arguments", "subcommands", "subcommand", "expected", "unexpected", "default", "information", "show", "help",
        "instock", "outofstock", "onbackorder", "stock", "queue", "synced", "parked", "waiting", "sending", "done",
        "approvals", "approval", "manager", "cashier", "cashiers", "printer", "printers", "ready", "settings",
        "closing", "report", "between", "change", "given", "paid", "tax", "discount", "customer", "customers", "found",
        "nothing", "unsynced", "store", "amount", "createorder", "createrefund", "nosale", "inflight",
        "local", "opened", "counted", "float", "register", "saved", "printed", "copy", "sold", "line", "lines",
        "voided", "open", "number", "reason", "failure", "could", "cannot", "must", "needs", "should",
    ]

    /// German words that must not stand on an English screen.
    static let germanStopList: Set<String> = [
        "der", "die", "das", "den", "dem", "des", "und", "oder", "nicht", "ist", "sind", "mit", "für", "von", "zu",
        "ein", "eine", "einen", "kein", "keine", "auf", "aus", "bei", "nach", "noch", "schon", "wird", "wurde",
        "bestellung", "bestellungen", "summe", "zwischensumme", "karte", "schicht", "kasse", "beleg", "belege",
        "fehler", "aufruf", "hilfe", "wert", "werte", "fehlt", "ungültig", "unbekannte", "unbekannt", "erstattung",
        "lade", "verkauf", "verkäufe", "kassierer", "leitung", "gegeben", "rückgeld", "steuer", "artikel",
        "offen", "geschlossen", "bereit", "wartet", "übertragen", "übertragung", "vorrätig", "lager", "gutschein",
        "kunde", "kunden", "bericht", "drucker", "einstellungen", "abgemeldet", "angemeldet", "freigabe", "freigaben",
        "zeigt", "mehr", "dazu", "argumente", "optionen", "übersicht", "unterbefehle", "unterbefehl",
        "bezahlt", "gespeichert", "gedruckt", "geöffnet", "gezählt", "wechselgeld", "ausstehend", "abgeschlossen",
        "storniert", "erstattet", "zurückgestellt", "anlegen", "signiert", "bargeld", "bitte", "möglich", "zeigen",
    ]

    /// Values a person types (option values such as `--pay cash`, `--role manager`, `--format text`): the help and
    /// the parser's messages name them as they are typed, so they are not read there.
    static let typedValues: Set<String> = [
        "cash", "card", "text", "escpos", "cashier", "manager", "on", "off", "en", "de", "none", "price", "code", "name",
        "file", "hold", "timeout", "drop", "store",
    ]

    /// A command run in the sweep and what it printed.
    struct Run {
        var arguments: [String]
        var outcome: PosProcess.Outcome
        /// Its output is paper (a receipt, the Z report).
        var paper = false
        /// Its output names typed values (help, the parser's messages).
        var namesValues = false
        /// It must succeed (the day's activity), so that its output is the one a person reads on a good day.
        var mustSucceed = false
        /// It names a German form's fields in parentheses beside their own words ("Type (Art des eAs)"), in any
        /// language: the ELSTER form is German.
        var namesGermanForm = false
    }

    enum Screen { case german, english }

    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    // MARK: - The tests

    @Test func germanDay_showsNoEnglishWord() async throws {
        defer { data.remove() }
        let runs = try await day(.german)
        let problems = runs.flatMap { findings($0, stopList: Self.englishStopList) }
        #expect(problems.isEmpty, "English on the German screen:\n\(problems.joined(separator: "\n"))")
        try examplesOfTheIssueReadGerman(runs)
    }

    @Test func englishDay_showsNoGermanWord() async throws {
        defer { data.remove() }
        let runs = try await day(.english)
        let problems = runs.flatMap { findings($0, stopList: Self.germanStopList) }
        #expect(problems.isEmpty, "German on the English screen:\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyCommandsHelpAndUnknownOption_speakTheScreensLanguage() async throws {
        defer { data.remove() }
        let commands = try await commandTree()
        #expect(commands.count > 60, "\(commands)")
        for screen in [Screen.german, .english] {
            let stopList = screen == .german ? Self.englishStopList : Self.germanStopList
            let runs = commands.flatMap { command, takesDataDirectory in
                [(command + ["--help"], takesDataDirectory), (command + ["--no-such-option"], takesDataDirectory)]
            }
            // The first run alone (it may make the data directory), then four at a time: none of them writes, and
            // one after another the 260 starts made this one of the last two tests of a suite run to end.
            var problems: [String] = []
            var next = 0
            try await withThrowingTaskGroup(of: [String].self) { group in
                func startNext() {
                    guard next < runs.count else { return }
                    let (arguments, takesDataDirectory) = runs[next]
                    next += 1
                    group.addTask {
                        let outcome = try await run(arguments, screen, dataDirectory: takesDataDirectory)
                        return findings(Run(arguments: arguments, outcome: outcome, namesValues: true), stopList: stopList)
                    }
                }
                startNext()
                if let first = try await group.next() { problems += first }
                for _ in 0..<4 { startNext() }
                while let found = try await group.next() {
                    problems += found
                    startNext()
                }
            }
            #expect(problems.isEmpty, "\(screen):\n\(problems.sorted().joined(separator: "\n"))")
        }
    }

    @Test func parserMessages_everyKindReadGerman_andStayTheParsersInEnglish() async throws {
        defer { data.remove() }
        // Each kind of error swift-argument-parser reports on pos's commands: German, and English to the byte
        let cases: [([String], german: String, english: String)] = [
            (["orders", "list", "--limt", "3"], "Fehler: Unbekannte Option '--limt'. Gemeint war vielleicht '--limit'?",
             "Error: Unknown option '--limt'. Did you mean '--limit'?"),
            (["orders", "list", "--zzzzzzzz"], "Fehler: Unbekannte Option '--zzzzzzzz'", "Error: Unknown option '--zzzzzzzz'"),
            (["orders", "list", "-z"], "Fehler: Unbekannte Option '-z'", "Error: Unknown option '-z'"),
            (["sell", "--item"], "Fehler: Wert fehlt für '--item <item>'", "Error: Missing value for '--item <item>'"),
            (["orders", "list", "--json=yes"], "Fehler: Die Option '--json' nimmt keinen Wert an, angegeben war aber 'yes'.",
             "Error: The option '--json' does not take any value, but 'yes' was specified."),
            (["orders", "list", "extra"], "Fehler: Unerwartetes Argument 'extra'", "Error: Unexpected argument 'extra'"),
            (["orders", "list", "a", "b"], "Fehler: 2 unerwartete Argumente: 'a', 'b'", "Error: 2 unexpected arguments: 'a', 'b'"),
            (["orders", "show"], "Fehler: Erwartetes Argument fehlt: '<id>'", "Error: Missing expected argument '<id>'"),
            (["cashier", "add", "X", "--role", "boss"],
             "Fehler: Der Wert 'boss' ist für '--role <role>' ungültig. Möglich sind 'cashier' und 'manager'.",
             "Error: The value 'boss' is invalid for '--role <role>'. Please provide one of 'cashier' and 'manager'."),
            (["orders", "list", "--limit", "many"], "Fehler: Der Wert 'many' ist für '--limit <limit>' ungültig",
             "Error: The value 'many' is invalid for '--limit <limit>'"),
        ]
        for (arguments, german, english) in cases {
            let de = try await run(arguments, .german), en = try await run(arguments, .english)
            #expect(de.status == 64 && en.status == 64, "\(arguments): \(de.status) \(en.status)")
            #expect(de.stderr.split(separator: "\n").first.map(String.init) == german, "\(arguments): \(de.stderr)")
            #expect(en.stderr.split(separator: "\n").first.map(String.init) == english, "\(arguments): \(en.stderr)")
            #expect(de.stderr.contains("zeigt mehr dazu.") && en.stderr.contains("for more information."), "\(de.stderr)\n\(en.stderr)")
        }
    }

    @Test func optionBeforeCommandName_hintShowsTheOrderThatWorks() async throws {
        defer { data.remove() }
        let directory = data.url.appendingPathComponent("hint").path
        for (screen, error, hint) in [
            (Screen.english, "Error: Unexpected argument 'status'", "Options go after the command's name:"),
            (.german, "Fehler: Unerwartetes Argument 'status'", "Optionen stehen hinter dem Namen des Befehls:"),
        ] {
            // Given an option typed before the command's name, which the parser reads as `pos run`'s
            let mistyped = try await run(["--data-dir", directory, "status"], screen, dataDirectory: false)
            // Then the error is the parser's, and the next line shows the order that works
            let lines = mistyped.stderr.split(separator: "\n").map(String.init)
            #expect(mistyped.status == 64, "\(screen): \(mistyped.stderr)")
            #expect(lines.first == error, "\(screen): \(mistyped.stderr)")
            #expect(lines.dropFirst().first == "\(hint) pos status --data-dir \(directory)", "\(screen): \(mistyped.stderr)")
            // And that order runs
            #expect(try await run(["status", "--data-dir", directory], screen, dataDirectory: false).status == 0)
        }
    }

    @Test func languageSetting_speaksOnTheCommandLine() async throws {
        defer { data.remove() }
        // Given an English environment and the register's language set to German
        #expect(try await run(["settings", "set", "language", "de"], .english).status == 0)
        // When a command runs or is mistyped
        let status = try await run(["cashier", "list"], .english)
        let mistyped = try await run(["sell", "--item"], .english)
        // Then it answers in German
        #expect(status.stdout.hasPrefix("Keine Kassierer: die Kasse läuft ohne PINs"), "\(status.stdout)")
        #expect(mistyped.stderr.hasPrefix("Fehler: Wert fehlt für '--item <item>'"), "\(mistyped.stderr)")
        // And unsetting it gives the environment's language back
        #expect(try await run(["settings", "unset", "language"], .english).status == 0)
        #expect(try await run(["sell", "--item"], .english).stderr.hasPrefix("Error: Missing value for '--item <item>'"))
    }

    // MARK: - The day

    /// A day at the demo store in `screen`'s language: every command's human output and typical errors.
    func day(_ screen: Screen) async throws -> [Run] {
        let printed = data.url.appendingPathComponent("printed").path
        let today = Self.today()
        var runs: [Run] = []
        var activity = true
        func pos(_ arguments: [String], stdin: String? = nil, paper: Bool = false, namesValues: Bool = false,
                 fails: Bool = false, namesGermanForm: Bool = false) async throws {
            let outcome = try await run(arguments, screen, stdin: stdin, dataDirectory: !Self.withoutDataDirectory.contains(arguments.prefix(2).joined(separator: " ")))
            let run = Run(arguments: arguments, outcome: outcome, paper: paper, namesValues: namesValues,
                          mustSucceed: activity && !fails, namesGermanForm: namesGermanForm)
            #expect(!run.mustSucceed || outcome.status == 0, "pos \(arguments.joined(separator: " ")): \(outcome.stderr)")
            runs.append(run)
        }
        let manager = "\(Self.managerPin)\n"
        // The demo store (a plain `pos` without a terminal seeds it), a shift, two cashiers, Bob signed in
        try await pos([])
        try await pos(["status"])
        try await pos(["shift", "open", "--float", "100.00"])
        try await pos(["cashier", "add", "Ann", "--role", "manager"], stdin: manager)
        try await pos(["cashier", "add", "Bob", "--manager", "Ann"], stdin: manager + "\(Self.cashierPin)\n")
        try await pos(["cashier", "sign-in", "Bob"], stdin: "\(Self.cashierPin)\n")
        try await pos(["cashier", "current"])
        try await pos(["cashier", "list"])
        // Sales: cash, card on the simulated terminal, split
        try await pos(["sell", "--item", "4006381333931", "--pay", "cash"])
        try await pos(["sell", "--item", "4006381333931", "--pay", "card", "--reader", "sim://"])
        try await pos(["sell", "--item", "4006381334006:2", "--pay", "cash:1.00", "--pay", "card", "--reader", "sim://"])
        // A refund and a no-sale, each approved by the manager; cash in and out
        try await pos(["refund", "1", "--manager", "Ann"], stdin: manager)
        try await pos(["drawer", "open", "--reason", "Wechselgeld", "--manager", "Ann", "--printer", "file:\(printed)"], stdin: manager)
        try await pos(["drawer", "open", "--manager", "Ann", "--printer", "file:\(printed)"], stdin: manager)
        try await pos(["shift", "cash-in", "20.00", "--reason", "Wechselgeld"])
        try await pos(["shift", "cash-out", "5.00", "--reason", "Bank"])
        try await pos(["cashier", "approvals"])
        // Carts
        try await pos(["cart", "park", "--item", "4006381333931", "--name", "Tisch"])
        try await pos(["cart", "list"])
        try await pos(["cart", "list", "--all"])
        try await pos(["cart", "show", "Tisch"])
        try await pos(["cart", "resume", "Tisch"])
        try await pos(["cart", "void", "Tisch", "--manager", "Ann"], stdin: manager)
        // Orders, catalog, customers
        try await pos(["orders", "list"])
        try await pos(["orders", "list", "--pending"])
        for order in ["1", "2", "3"] { try await pos(["orders", "show", order]) }
        try await pos(["catalog", "search", "croissant"])
        try await pos(["catalog", "search", "a"])
        try await pos(["catalog", "lookup", "4006381333931"])
        try await pos(["customers", "search", "a"])
        // Fiscal, register, settings, printers, readers, sync
        try await pos(["fiscal", "status"])
        try await pos(["fiscal", "export", "--from", "2020-01-01", "--to", "2020-01-02",
                       data.url.appendingPathComponent("export-empty").path], fails: true)
        try await pos(["fiscal", "configure", "--tax-number", "12/345/67890"])
        try await pos(["fiscal", "register-client"], fails: true)
        try await pos(["register", "show"])
        try await pos(["register", "training"])
        try await pos(["fiscal", "notification"], namesGermanForm: true)
        try await pos(["settings", "show"])
        try await pos(["settings", "set", "language", screen == .german ? "de" : "en"])
        try await pos(["settings", "set", "pole-display", "none"], namesValues: true, fails: true)
        try await pos(["settings", "unset", "pole-display"])
        try await pos(["printers", "list"])
        try await pos(["printer", "test", "file:\(printed)"])
        try await pos(["reader", "list", "--reader", "sim://"])
        try await pos(["reader", "status"])  // the demo's sim://, as a sale would choose it
        try await pos(["reader", "pay", "--reader", "sim://", "--amount", "1.00"])
        try await pos(["reader", "resolve"])
        try await pos(["sync", "--list"])
        try await pos(["sync"])
        try await pos(["status"])
        try await pos(["report"], fails: true)
        try await pos(["cashier", "import"], fails: true)
        // Paper: receipts and the Z report
        try await pos(["receipt", "show", "1"], paper: true)
        try await pos(["receipt", "show", "2"], paper: true)
        try await pos(["receipt", "show", "3"], paper: true)
        try await pos(["receipt", "print", "1", "--printer", "file:\(printed)"])
        try await pos(["receipt", "reprint", "1", "--printer", "file:\(printed)"])
        try await pos(["receipt", "reprint", "1", "--refund", "--printer", "file:\(printed)"])
        try await pos(["shift", "report"], paper: true)
        try await pos(["shift", "close", "--counted", "120.00", "--printer", "file:\(printed)"], paper: true)
        try await pos(["shift", "report", "--shift", "1"], paper: true)
        try await pos(["shift", "end-of-day", "--shift", "1", "--printer", "file:\(printed)"], paper: true, fails: true)
        try await pos(["reader", "end-of-day", "--reader", "sim://"])
        try await pos(["fiscal", "export", "--from", today, "--to", today, data.url.appendingPathComponent("export").path])
        try await pos(["cashier", "sign-out"])
        activity = false
        // Typical errors: unknown product, order, cart, cashier; a refund above the order; bad and missing values
        try await pos(["sell", "--item", "NO-SUCH-PRODUCT", "--pay", "cash"])
        try await pos(["orders", "show", "999"])
        try await pos(["receipt", "show", "999"], paper: true)
        try await pos(["refund", "999"])
        try await pos(["refund", "2", "--amount", "99"], stdin: manager)
        try await pos(["cart", "show", "no-such-cart"])
        try await pos(["cashier", "sign-in", "Nobody"], stdin: "\(Self.cashierPin)\n")
        try await pos(["catalog", "lookup", "NO-SUCH-CODE"])
        try await pos(["shift", "cash-in", "abc", "--reason", "x"])
        try await pos(["settings", "set", "no-such-setting", "1"])
        try await pos(["fiscal", "export", "--from", "yesterday", "--to", today, data.url.appendingPathComponent("x").path])
        try await pos(["register", "set", "this id is far too long"])
        try await pos(["cashier", "add", "Eve", "--role", "boss"], namesValues: true)
        try await pos(["sell", "--item"], namesValues: true)
        try await pos(["orders", "show"], namesValues: true)
        try await pos(["orders", "list", "extra"], namesValues: true)
        try await pos(["orders", "list", "--limit", "many"], namesValues: true)
        try await pos(["no-such-command"], namesValues: true)
        try await pos(["receipt", "show", "1", "--format", "pdf"], namesValues: true)
        return runs
    }

    /// The issue's own examples read German.
    func examplesOfTheIssueReadGerman(_ runs: [Run]) throws {
        func output(_ arguments: [String]) -> String {
            runs.first { $0.arguments == arguments }.map { $0.outcome.stdout + $0.outcome.stderr } ?? ""
        }
        let order = output(["orders", "show", "1"])
        #expect(order.contains("Bezahlt bar") && order.contains("Warteschlange Bestellung anlegen: wartet"), "\(order)")
        #expect(output(["catalog", "search", "croissant"]).contains("vorrätig"), "\(output(["catalog", "search", "croissant"]))")
        let approvals = output(["cashier", "approvals"])
        #expect(approvals.contains("Lade ohne Verkauf") && approvals.contains("von Ann"), "\(approvals)")
        let empty = output(["fiscal", "export", "--from", "2020-01-01", "--to", "2020-01-02",
                            data.url.appendingPathComponent("export-empty").path])
        #expect(empty.contains("Kein Kassenabschluss (Z-Bericht) zwischen"), "\(empty)")
        #expect(output(["sell", "--item"]).contains("Fehler: Wert fehlt für '--item <item>'"), "\(output(["sell", "--item"]))")
        let role = output(["cashier", "add", "Eve", "--role", "boss"])
        #expect(role.contains("Der Wert 'boss' ist für '--role <role>' ungültig. Möglich sind 'cashier' und 'manager'."), "\(role)")
    }

    // MARK: - Reading the output

    /// `run`'s findings: each stop-list word in its output, with the command.
    func findings(_ run: Run, stopList: Set<String>) -> [String] {
        let text = run.outcome.stdout + "\n" + run.outcome.stderr
        let allowed: Set<String> = run.namesValues ? Self.typedValues.union(Self.commandNames) : []
        var found: [String] = []
        var previous = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            // The rest of a signature or QR code data wrapped to the paper's width ("…XhykK" then "mA"): no words.
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            defer { previous = trimmed }
            if !trimmed.contains(" "), !previous.contains(" "), previous.count >= 16 { continue }
            var readable = Self.readable(String(line))
            if run.namesGermanForm {
                readable = readable.replacingOccurrences(of: #"\([^)]*\)"#, with: " ", options: .regularExpression)
            }
            let words = Self.words(readable)
            let bad = words.filter { stopList.contains($0) && !allowed.contains($0) }
            if !bad.isEmpty {
                found.append("pos \(run.arguments.joined(separator: " ")): \(Set(bad).sorted()) in \"\(line)\"")
            }
        }
        return found
    }

    /// The names of pos's commands, as they follow `pos` in a command line the output suggests.
    static let commandWords = """
        run counter login logout status catalog sell cart refund shift drawer customers fiscal register cashier report \
        orders reader terminal-sim scale-sim scale display settings receipt printers printer sync help search lookup \
        list show park resume void open cash-in cash-out close end-of-day export configure register-client \
        simulate-outage set-pin set unset remove unlock sign-in sign-out current approvals import pay reverse \
        install-udev-rules resolve weigh print reprint test training notification add
        """.split(separator: " ").sorted { $0.count > $1.count }
        .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "|")

    /// The commands' names, which the help lists and names in its sentences as they are typed.
    static let commandNames = Set(commandWords.split(separator: "|").map { $0.replacingOccurrences(of: "\\", with: "") })

    /// The demo store's names and the cashiers of the sweep: names, not words of a language.
    static let names = [
        "Espresso", "Cappuccino", "Latte Macchiato", "Filter Coffee", "Coffee Beans", "Croissant", "Pain au Chocolat",
        "Cheesecake Slice", "Bagel", "Brownie", "Mineral Water", "Orange Juice", "Lemonade", "Chai Latte", "Travel Mug",
        "Tote Bag", "Gift Card", "Pastry Box", "Demo Store", "Debit Mastercard", "Ann", "Bob", "Eve", "Nobody", "Tisch", "Wechselgeld", "Bank",
    ]

    /// A line without what is not a word of its language: URLs and paths, `code` in backticks, quoted values,
    /// option names and placeholders, `pos` command lines, the demo's names.
    static func readable(_ line: String) -> String {
        var text = line
        let patterns = [
            // The simulated terminal's own slip lines: a terminal prints in its own language, as a real one does.
            #"^\s*(POS TERMINAL SIMULATOR|PAYMENT|REFUND|REVERSAL|TID .*|Receipt \d+|Card \*+\d+|Amount [\d.]+ [A-Z]{3}|Approval \d+|DECLINED|APPROVED|NOT APPROVED|END OF DAY|Transactions \d+|Total [\d.]+ [A-Z]{3})\s*$"#,
            // The TSE's QR code data (its fields are German by law) and key=value codes (`?line=9600,8N1`, `tax=…`)
            #"\bV0;\S*"#, #"\b[a-z]+=[^\s,)]*"#,
            // Keys, signatures and serials (base64 and hex): long runs with digits or +/=, never words
            #"(?<!\S)(?=\S*[0-9+/=])\S{16,}"#,
            #"[a-z][a-z0-9+]*://\S*"#, #"\bfile(\+escpos)?:\S*"#, #"(^|\s)[~.]?/\S*"#, #"`[^`]*`"#, #"(?<![A-Za-z])'[^']*'"#,
            #""[^"]*""#, #"„[^“]*“"#, #"<[^>]*>"#, #"\[--?[^\]]*\]"#, #"(^|[\s(\[/])--?[A-Za-z][\w-]*"#,
            #"\bpos( (\#(commandWords))\b| #?[0-9]+\b| [A-Z]+\b)*"#, #"\S+@\S+"#, #"\b[A-Z0-9]+([-_][A-Z0-9]+)+\b"#,
            // Codes and command names with a hyphen (customer-display, end-of-day, no-such-cart)
            #"\b[a-z0-9]+(-[a-z0-9]+)+\b"#,
        ]
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        for name in names { text = text.replacingOccurrences(of: name, with: " ") }
        return text
    }

    /// The words of a text, in lower case.
    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map { $0.lowercased() }
    }

    // MARK: - Running pos

    private var noCups: [String: String] { ["CUPS_SERVER": "\(data.path)/no-cups.sock"] }

    /// `pos` on the sweep's data directory, in `screen`'s language.
    func run(_ arguments: [String], _ screen: Screen, stdin: String? = nil, dataDirectory: Bool = true) async throws -> PosProcess.Outcome {
        var environment = noCups
        if screen == .german { environment["LANG"] = "de_DE.UTF-8" }
        let directory = data.url.appendingPathComponent(screen == .german ? "de" : "en").path
        // The commands without `--data-dir` read no data directory: the one of the sweep is where XDG points.
        environment["XDG_DATA_HOME"] = data.url.appendingPathComponent(screen == .german ? "xdg-de" : "xdg-en").path
        return try await PosProcess.run(arguments + (dataDirectory ? ["--data-dir", directory] : []), environment: environment,
                                        stdin: stdin ?? "")
    }

    /// The commands that take no `--data-dir` (they talk to a device only).
    static let withoutDataDirectory: Set<String> = ["reader list"]

    /// Every command and subcommand (`pos help`'s tree), read from the English help's SUBCOMMANDS sections, without
    /// the long-running ones that take no `--data-dir` alike (the simulators and the counter are English or tested
    /// on their own screens).
    func commandTree() async throws -> [([String], takesDataDirectory: Bool)] {
        var result: [([String], takesDataDirectory: Bool)] = []
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let command = queue.removeFirst()
            let help = try await PosProcess.run(command + ["--help"]).stdout
            var inSubcommands = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("SUBCOMMANDS:") { inSubcommands = true; continue }
                if !line.isEmpty && !line.hasPrefix(" ") { inSubcommands = false }
                // "  sync                    Pull the store's catalog …": two spaces, then the lower-case name.
                guard inSubcommands, line.hasPrefix("  "), line.dropFirst(2).first?.isLowercase == true else { continue }
                let name = String(line.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                if name != "help" { queue.append(command + [name]) }
            }
            if !command.isEmpty { result.append((command, help.contains("--data-dir"))) }
        }
        return result
    }

    /// Today in the local time zone, as `--from`/`--to` take it.
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
