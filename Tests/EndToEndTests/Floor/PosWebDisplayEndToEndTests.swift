import Foundation
import Testing

/// Debian's Chromium, which loads the page.
let webDisplayChromium = "/usr/bin/chromium"

/// The customer display as a web page (`pos display --web`), end to end with the real binaries: a demo counter in
/// tmux drives a sale through the checkout (closed until a shift opens, the welcome, two items, a line discount, a
/// customer attached, the card terminal's prompt, a declined card, cash with change and the thank-you with the
/// receipt number), the display server follows it, the Server-Sent Events stream is read with curl and its views
/// checked in order, and headless Chromium loads the page at each stage (`--dump-dom`: the page's own script drew
/// the state; screenshots too when `POS_DISPLAY_SHOTS` names a folder). One Chromium keeps the page open all along:
/// its console says when it painted each view (the live EventSource path), which gives the key-to-paint latency.
/// Then a counter restart mid-sale: the page shows the restored cart, which is paid while the TSE is out: the
/// outage notice. Nothing sleeps: the test awaits the counter's frames, the server's ready line, the stream's
/// events and the browser's console lines.
@Suite(.enabled(if: TmuxSession.isAvailable && FileManager.default.isExecutableFile(atPath: webDisplayChromium)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs tmux, chromium and curl"),
       .timeLimit(.minutes(3)))
struct PosWebDisplayEndToEndTests {
    /// The words each language shows (the catalog's display.screen.* keys).
    struct Words {
        let lang, closed, notOpen, welcome, total, given, change, thanks, store: String
        let declined, cancelled, receipt, hello, tseOutage: String
        /// The terminal's prompts the demo terminal shows before its outcome (insert card, PIN, wait).
        let prompts: Set<String>
    }

    static let english = Words(lang: "en", closed: "Closed", notOpen: "This counter is not open.", welcome: "Welcome",
                               total: "TOTAL", given: "Given", change: "CHANGE", thanks: "Thank you!", store: "",
                               declined: "Card declined", cancelled: "Payment cancelled", receipt: "Receipt no. ", hello: "Hello, Erika Mustermann!",
                               tseOutage: "TSE out of service: this sale is not signed.",
                               prompts: ["Please insert, tap or swipe your card", "Please enter your PIN", "Please wait…"])
    static let german = Words(lang: "de", closed: "Geschlossen", notOpen: "", welcome: "Willkommen", total: "SUMME",
                              given: "Gegeben", change: "RÜCKGELD", thanks: "Vielen Dank!", store: "Demo-Shop",
                              declined: "Karte abgelehnt", cancelled: "Zahlung abgebrochen", receipt: "Beleg-Nr. ", hello: "Hallo, Erika Mustermann!",
                              tseOutage: "TSE ausgefallen: dieser Verkauf ist nicht signiert.",
                              prompts: ["Bitte Karte einstecken, auflegen oder durchziehen", "Bitte PIN eingeben", "Bitte warten…"])

    @Test(arguments: ["C.UTF-8", "de_DE.UTF-8"])
    func webDisplay_followsASaleInOrder_inTheStoresLanguage_andSurvivesACounterRestart(locale: String) async throws {
        let words = locale.hasPrefix("de") ? Self.german : Self.english
        // Given a demo store made in that language, serving the customer display
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let opened = try await PosProcess.run(["--data-dir", data.path], environment: ["LANG": locale])
        #expect(opened.status == 0, "\(opened.stderr)")
        let set = try await PosProcess.run(["settings", "set", "customer-display", "on", "--data-dir", data.path])
        #expect(set.status == 0, "\(set.stderr)")
        // And the store's logo in the data directory
        let logo = #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="green"/></svg>"#
        try Data(logo.utf8).write(to: data.url.appendingPathComponent("display-logo.svg"))

        // And `pos display --web` on a loopback port the kernel picks
        let server = try await RunningPos(["display", "--web", "--listen", "127.0.0.1:0", "--retry-ms", "100",
                                           "--data-dir", data.path])
        defer { server.terminate() }
        let ready = try #require(await server.line(containing: "http://127.0.0.1:"), "the display server never listened")
        let url = try #require(ready.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let page = PageProbe(url: url, shots: ProcessInfo.processInfo.environment["POS_DISPLAY_SHOTS"], prefix: words.lang)

        // Then a read-only server: POST is refused, an unknown path is not found
        let post = try await TestProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", url],
                                             environment: ProcessInfo.processInfo.environment)
        #expect(post.stdout == "405")
        // And it answers only to its own name: a page on another origin whose DNS name was rebound to 127.0.0.1 is refused
        let port = try #require(url.split(separator: ":").last.map { $0.filter(\.isNumber) })
        let rebound = try await TestProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H",
                                                                  "Host: pos.attacker.example:\(port)", url],
                                                environment: ProcessInfo.processInfo.environment)
        #expect(rebound.stdout == "421")
        // And the logo is served read-only, as SVG
        let served = try await TestProcess.run("/usr/bin/curl", ["-s", "-D", "-", url + "logo"],
                                               environment: ProcessInfo.processInfo.environment)
        #expect(served.stdout.lowercased().contains("content-type: image/svg+xml"), "\(served.stdout)")
        #expect(served.stdout.hasSuffix(logo), "\(served.stdout)")

        // And one browser keeps the page open all along (its console says what it painted)
        let live = try await LivePage.open(url)
        defer { live.close() }

        // And the stream says "closed" while no counter runs, and so does the page
        let events = try await EventStream.open(url + "events")
        defer { events.close() }
        let closed = try #require(await events.next { $0.phase == "closed" })
        #expect(closed.headline == Self.english.closed, "no counter has spoken yet: the screen's language")
        try await page.expect(phase: "closed", texts: [Self.english.closed], stage: "0-closed")

        // When the demo counter starts (its simulated terminal keeps the first card payment at its prompts until the
        // counter aborts it, then declines the next)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start("env LANG=\(locale) POS_SIM_SCRIPT=timeout,decline:05,approve " + frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // Then, no shift being open, the page says closed, now in the store's language and with its name
        let noShift = try #require(await events.next { $0.phase == "closed" && !$0.store.isEmpty })
        #expect(noShift.headline == words.closed)
        #expect(noShift.lang == words.lang)
        try await page.expect(phase: "closed", texts: [words.closed, noShift.store], stage: "1-closed-noshift")

        // When the shift opens (in another terminal, while the counter runs)
        let shift = try await PosProcess.run(["shift", "open", "--float", "0", "--data-dir", data.path], environment: ["LANG": locale])
        #expect(shift.status == 0, "\(shift.stderr)")

        // Then the page shows the welcome with the store's name and logo, in the store's language
        let idle = try #require(await events.next { $0.phase == "idle" })
        #expect(idle.headline == words.welcome)
        #expect(idle.lang == words.lang)
        if !words.store.isEmpty { #expect(idle.store == words.store) }
        #expect(!idle.store.isEmpty)
        try await page.expect(phase: "idle", texts: [words.welcome, idle.store], stage: "2-idle", logo: true)

        // (each timed key: to the view on the stream, and to the live page's paint of it)
        var latencies: [Duration] = []
        var paints: [Duration] = []
        func timed(_ predicate: @escaping (WebView) -> Bool, after action: () async throws -> Void) async throws -> WebView {
            let start = ContinuousClock.now
            try await action()
            let view = try #require(await events.next(predicate), "no such view; last: \(String(describing: events.last))")
            latencies.append(ContinuousClock.now - start)
            let painted = await live.painted { $0.boot == view.boot && $0.seq >= view.seq }
            #expect(painted != nil, "the live page never painted \(view)")
            paints.append(ContinuousClock.now - start)
            return view
        }

        // When two items are scanned: the cart grows, each view newer than the last
        let one = try await timed({ $0.phase == "sale" && $0.lines.count == 1 }) { try await tmux.type("4006381333931\r") }
        #expect(one.rows.first?.amount == "2,20 €", "\(one)")
        #expect(one.rows.first?.label == words.total)
        let two = try await timed({ $0.phase == "sale" && $0.lines.count == 2 }) { try await tmux.type("4006381333948\r") }
        #expect(two.seq > one.seq)
        #expect(two.rows.first?.amount == "5,40 €", "\(two)")
        #expect(two.lines.map(\.amount) == ["2,20 €", "3,20 €"])

        // And the cashier gives 10 % off the cappuccino (^D): 3,20 € → 2,88 €
        try await tmux.press("C-d")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("10%")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        let discounted = try await timed({ $0.rows.first?.amount == "5,08 €" }) { try await tmux.press("Enter") }
        #expect(discounted.lines.last?.amount == "2,88 €", "\(discounted)")

        // And attaches Erika, found by her phone number (F6): the page greets her by name, and shows nothing else of her
        try await tmux.press("F6")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("030 1234567")
        #expect(await frames.frame(containing: "screen=sell", "results=1") != nil)
        let greeted = try await timed({ $0.customer == words.hello }) { try await tmux.press("Enter") }
        #expect(await frames.frame(containing: "screen=sell", "customer=2") != nil)
        #expect(!greeted.description.contains("030"), "\(greeted)")
        try await page.expect(phase: "sale", texts: ["5,08 €", "2,88 €", "2,20 €", words.total, words.hello], stage: "3-sale")

        // When the card is presented: the terminal's prompts, in our words (never the terminal's own text)
        let prompt = try await timed({ !$0.card.isEmpty }) { try await tmux.press("F11") }
        #expect(words.prompts.contains(prompt.card), "\(prompt)")
        #expect(await frames.frame(containing: "screen=paycard", "phase=waiting", "prompts=3") != nil)
        #expect(await live.painted { $0.boot == prompt.boot && ["insertCard", "enterPIN", "wait"].contains($0.card) } != nil,
                "the live page never painted the terminal's prompt")
        // (the terminal holds at its last prompt: the page shows one, with the total)
        try await page.expect(phase: "sale", texts: ["5,08 €"], stage: "4-prompt", anyOf: Array(words.prompts))

        // And the cashier cancels (Esc): the terminal aborts, nothing is charged, and the page says so
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined") != nil)
        let cancelled = try #require(await events.next { $0.cardKind == "cancelled" })
        #expect(cancelled.card == words.cancelled)

        // And on the retry (Enter) the card is declined: nothing paid, the page keeps the total and says so
        try await tmux.press("Enter")
        let declined = try #require(await events.next { $0.cardKind == "declined" })
        #expect(declined.card == words.declined)
        #expect(declined.rows.first?.amount == "5,08 €")
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined") != nil)
        try await page.expect(phase: "sale", texts: ["5,08 €", words.declined], stage: "5-declined")

        // And the customer pays 10,00 in cash (F12 from the declined card)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("10")
        let paid = try await timed({ $0.phase == "paid" }) { try await tmux.press("Enter") }
        #expect(await frames.frame(containing: "screen=receipt") != nil)

        // Then the page shows what was given, the change and a thank-you with the receipt number; no card step
        #expect(paid.rows.map(\.label) == [words.total, words.given, words.change], "\(paid)")
        #expect(paid.rows.map(\.amount) == ["5,08 €", "10,00 €", "4,92 €"], "\(paid)")
        #expect(paid.headline.hasPrefix(words.thanks), "\(paid)")
        #expect(paid.card.isEmpty, "\(paid)")
        #expect(paid.notice.isEmpty, "the TSE signed this one")
        let number = paid.note.hasPrefix(words.receipt) ? String(paid.note.dropFirst(words.receipt.count)) : ""
        #expect(!number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "-" }, "\(paid.note)")
        let receipt = try await PosProcess.run(["receipt", "show", "1", "--data-dir", data.path], environment: ["LANG": locale])
        // (the demo counter has no register id: its receipts carry the order's number, "#1")
        #expect(receipt.stdout.contains("#\(number)\n"), "the receipt carries \(number):\n\(receipt.stdout)")
        try await page.expect(phase: "paid", texts: ["4,92 €", "10,00 €", words.change, paid.note], stage: "6-paid")

        // When the next sale is rung up item by item (the latency samples)
        // (the thank-you stays until the next sale's first item)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)
        // (each scan moves the total: a second espresso adds to its line's quantity)
        var previous = paid.seq
        for count in 1...12 {
            let view = try await timed({ $0.phase == "sale" && $0.seq > previous }) {
                try await tmux.type((count.isMultiple(of: 2) ? "4006381333948" : "4006381333931") + "\r")
            }
            previous = view.seq
        }
        let beforeRestart = try #require(events.last)

        // And the counter quits mid-sale and starts again
        // (with items in the cart the counter asks first; Enter confirms)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "overlay=quit") != nil)
        try await tmux.press("Enter")
        #expect(await events.next { $0.phase == "closed" } != nil)
        let againLog = try TemporaryDirectory()
        defer { againLog.remove() }
        let againFrames = try FrameWatcher(directory: againLog.url)
        let again = TmuxSession()
        defer { again.kill() }
        try await again.start("env LANG=\(locale) " + againFrames.counterCommand(data: data))
        #expect(await againFrames.frame(containing: "screen=sell") != nil)

        // Then the page shows the restored cart, equal to the one before
        let restored = try #require(await events.next { $0.phase != "closed" })
        #expect(restored.phase == "sale")
        #expect(restored.lines == beforeRestart.lines)
        #expect(restored.rows == beforeRestart.rows)
        try await page.expect(phase: "sale", texts: [beforeRestart.rows[0].amount], stage: "7-restored")

        // When the TSE fails and the restored sale is paid in cash (F12, the amount due, Enter)
        #expect(try await PosProcess.run(["fiscal", "simulate-outage", "on", "--data-dir", data.path]).status == 0)
        try await again.press("F12")
        #expect(await againFrames.frame(containing: "screen=pay") != nil)
        try await again.type("100")
        try await again.press("Enter")
        #expect(await againFrames.frame(containing: "screen=receipt") != nil)
        // Then the thank-you carries the outage notice the law wants shown (the receipt says it too)
        let unsigned = try #require(await events.next { $0.phase == "paid" && !$0.notice.isEmpty })
        #expect(unsigned.notice == words.tseOutage)
        try await page.expect(phase: "paid", texts: [words.thanks, words.tseOutage], stage: "8-tse-outage")
        #expect(try await PosProcess.run(["fiscal", "simulate-outage", "off", "--data-dir", data.path]).status == 0)

        // The key-to-page latency (the cashier's key sent to tmux → the view on the stream, and → the live page painted it)
        for (what, samples) in [("stream", latencies), ("paint", paints)] {
            let milliseconds = samples.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
            let p99 = milliseconds[min(milliseconds.count - 1, Int((Double(milliseconds.count) * 0.99).rounded(.up)) - 1)]
            print("web display latency to the \(what) (\(words.lang), n=\(milliseconds.count)): p50 "
                  + "\(milliseconds[milliseconds.count / 2]) ms, p99 \(p99) ms, max \(milliseconds.last!) ms")
        }
        // (the cart is empty now: the counter quits without asking)
        try await again.press("Escape")
        #expect(await againFrames.frame(containing: "screen=sell", "lines=0") != nil)
        try await again.press("C-q")
        #expect(await againFrames.frame(containing: "never") == nil)
        #expect(await events.next { $0.phase == "closed" } != nil)
    }
}

// MARK: - The stream and the page

/// One view as the stream sends it (CustomerDisplayWeb's `DisplayWebView`).
struct WebView: Decodable, Equatable, CustomStringConvertible {
    struct Line: Decodable, Equatable { let name, detail, amount: String }
    struct Row: Decodable, Equatable { let label, amount: String; let strong: Bool }
    let boot: String
    let seq: Int
    let phase, lang, store, headline, note, offline: String
    let lines: [Line]
    let rows: [Row]
    let card, cardKind, customer, notice: String
    var description: String {
        "\(phase) #\(seq) lines=\(lines.map(\.amount)) rows=\(rows.map { "\($0.label) \($0.amount)" }) \(headline) \(note) "
            + "card=\(cardKind) customer=\(customer) notice=\(notice)"
    }
}

/// `curl -N` on `/events`: each `data:` line decoded, in order, checked to be newer than the one before.
final class EventStream {
    private let child: TestProcess
    private var iterator: AsyncStream<String>.Iterator
    private(set) var last: WebView?

    private init(child: TestProcess) {
        self.child = child
        iterator = child.stdoutLines().makeAsyncIterator()
    }

    static func open(_ url: String) async throws -> EventStream {
        EventStream(child: try await TestProcess.start("/usr/bin/curl", ["-sN", url],
                                                       environment: ProcessInfo.processInfo.environment, stderr: .null))
    }

    /// The next view that `predicate` accepts; `nil` if the stream ended first. Every view read on the way must be
    /// newer than the last (the sequence number rises within one server run).
    func next(_ predicate: (WebView) -> Bool) async -> WebView? {
        while let line = await iterator.next() {
            guard line.hasPrefix("data: "), let view = try? JSONDecoder().decode(WebView.self, from: Data(line.dropFirst(6).utf8))
            else { continue }
            if let last, last.boot == view.boot { #expect(view.seq > last.seq, "a stale view: \(view) after \(last)") }
            last = view
            if predicate(view) { return view }
        }
        return nil
    }

    func close() { child.signal(SIGTERM) }
}

/// Headless Chromium on the page: the DOM its script drew (and a screenshot when asked).
struct PageProbe {
    let url: String
    let shots: String?
    let prefix: String

    func expect(phase: String, texts: [String], stage: String, logo: Bool = false, anyOf: [String] = [],
                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let profile = try TemporaryDirectory()
        defer { profile.remove() }
        let common = ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)",
                      "--window-size=1280,800"]
        let dom = try await TestProcess.run(webDisplayChromium, common + ["--dump-dom", url],
                                            environment: ProcessInfo.processInfo.environment, stderr: .null)
        let body = dom.stdout.components(separatedBy: "<body").last ?? ""
        #expect(body.contains("data-phase=\"\(phase)\""), "page at \(stage): \(body.prefix(600))", sourceLocation: sourceLocation)
        for text in texts where !text.isEmpty {
            #expect(body.contains(text), "page at \(stage) lacks \(text): \(body.prefix(1200))", sourceLocation: sourceLocation)
        }
        if !anyOf.isEmpty {
            #expect(anyOf.contains { body.contains($0) }, "page at \(stage) lacks all of \(anyOf): \(body.prefix(1200))",
                    sourceLocation: sourceLocation)
        }
        if logo {
            // The logo's <img> loaded (its onload shows it): no `hidden` attribute left
            let tag = body.components(separatedBy: "<img").dropFirst().first?.prefix { $0 != ">" } ?? ""
            #expect(tag.contains("id=\"logo\"") && !tag.contains("hidden"), "page at \(stage): logo <img\(tag)>",
                    sourceLocation: sourceLocation)
        }
        if let shots {
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
            let shot = try await TestProcess.run(webDisplayChromium,
                                                 common + ["--screenshot=\(shots)/\(prefix)-\(stage).png", url],
                                                 environment: ProcessInfo.processInfo.environment, stderr: .null)
            #expect(shot.status == 0, sourceLocation: sourceLocation)
        }
    }
}

/// Headless Chromium with the page open for the whole test: the page logs "shown <boot> <seq> <phase> <card step>"
/// once the browser painted a view (a `requestAnimationFrame`, then a task), and Chromium writes console messages
/// to stderr (`--enable-logging=stderr`), read here line by line as they come.
final class LivePage {
    struct Painted: Equatable { let boot: String; let seq: Int; let phase: String; let card: String }

    private let child: TestProcess
    private let profile: TemporaryDirectory
    private var iterator: AsyncStream<String>.Iterator

    private init(child: TestProcess, profile: TemporaryDirectory) {
        self.child = child
        self.profile = profile
        iterator = child.stdoutLines().makeAsyncIterator()
    }

    static func open(_ url: String) async throws -> LivePage {
        let profile = try TemporaryDirectory()
        // (stderr into stdout through sh: the one stream a TestProcess hands out line by line)
        let command = "exec \(webDisplayChromium) --headless --disable-gpu --no-sandbox --no-first-run "
            + "--user-data-dir=\(profile.path) --window-size=1280,800 --enable-logging=stderr --v=0 '\(url)' 2>&1"
        let child = try await TestProcess.start("/bin/sh", ["-c", command], environment: ProcessInfo.processInfo.environment)
        return LivePage(child: child, profile: profile)
    }

    /// The next view the page painted that `predicate` accepts; `nil` if Chromium ended first.
    func painted(_ predicate: (Painted) -> Bool) async -> Painted? {
        while let line = await iterator.next() {
            guard let range = line.range(of: "\"shown ") else { continue }
            let words = line[range.upperBound...].prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            guard words.count == 4, let seq = Int(words[1]) else { continue }
            let view = Painted(boot: words[0], seq: seq, phase: words[2], card: words[3])
            if predicate(view) { return view }
        }
        return nil
    }

    func close() {
        child.signal(SIGTERM)
        profile.remove()
    }
}
