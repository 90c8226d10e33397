import Foundation
import Testing

/// Debian's Chromium, which loads the page.
let webDisplayChromium = "/usr/bin/chromium"

/// The customer display as a web page (`pos display --web`), end to end with the real binaries: a demo counter in
/// tmux drives a sale through the checkout (two items, a line discount, a declined card, cash with change), the
/// display server follows it, the Server-Sent Events stream is read with curl and its views checked in order, and
/// headless Chromium loads the page at each stage (`--dump-dom`: the page's own script drew the state; screenshots
/// too when `POS_DISPLAY_SHOTS` names a folder). Then a counter restart mid-sale: the page shows the restored cart.
/// Nothing sleeps: the test awaits the counter's frames, the server's ready line and the stream's events.
@Suite(.enabled(if: TmuxSession.isAvailable && FileManager.default.isExecutableFile(atPath: webDisplayChromium)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs tmux, chromium and curl"),
       .timeLimit(.minutes(3)))
struct PosWebDisplayEndToEndTests {
    /// The words each language shows (the catalog's display.screen.* keys).
    struct Words {
        let lang, closed, notOpen, welcome, total, given, change, thanks, store: String
    }

    static let english = Words(lang: "en", closed: "Closed", notOpen: "This counter is not open.", welcome: "Welcome",
                               total: "TOTAL", given: "Given", change: "CHANGE", thanks: "Thank you!", store: "")
    static let german = Words(lang: "de", closed: "Geschlossen", notOpen: "", welcome: "Willkommen", total: "SUMME",
                              given: "Gegeben", change: "RÜCKGELD", thanks: "Vielen Dank!", store: "Demo-Shop")

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

        // And the stream says "closed" while no counter runs, and so does the page
        let events = try await EventStream.open(url + "events")
        defer { events.close() }
        let closed = try #require(await events.next { $0.phase == "closed" })
        #expect(closed.headline == Self.english.closed, "no counter has spoken yet: the screen's language")
        try await page.expect(phase: "closed", texts: [Self.english.closed], stage: "0-closed")

        // When the demo counter starts (its simulated terminal declines the first card)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start("env LANG=\(locale) POS_SIM_SCRIPT=decline:05,approve " + frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // Then the page shows the welcome with the store's name, in the store's language
        let idle = try #require(await events.next { $0.phase == "idle" })
        #expect(idle.headline == words.welcome)
        #expect(idle.lang == words.lang)
        if !words.store.isEmpty { #expect(idle.store == words.store) }
        #expect(!idle.store.isEmpty)
        try await page.expect(phase: "idle", texts: [words.welcome, idle.store], stage: "1-idle")

        var latencies: [Duration] = []
        func timed(_ predicate: @escaping (WebView) -> Bool, after action: () async throws -> Void) async throws -> WebView {
            let start = ContinuousClock.now
            try await action()
            let view = try #require(await events.next(predicate), "no such view; last: \(String(describing: events.last))")
            latencies.append(ContinuousClock.now - start)
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
        try await page.expect(phase: "sale", texts: ["5,08 €", "2,88 €", "2,20 €", words.total], stage: "2-sale")

        // And the card is declined: nothing paid, the page keeps the total
        try await tmux.press("F11")
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined") != nil)
        try await page.expect(phase: "sale", texts: ["5,08 €"], stage: "3-declined")

        // And the customer pays 10,00 in cash (F12 from the declined card)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("10")
        let paid = try await timed({ $0.phase == "paid" }) { try await tmux.press("Enter") }
        #expect(await frames.frame(containing: "screen=receipt") != nil)

        // Then the page shows what was given, the change and a thank-you
        #expect(paid.rows.map(\.label) == [words.total, words.given, words.change], "\(paid)")
        #expect(paid.rows.map(\.amount) == ["5,08 €", "10,00 €", "4,92 €"], "\(paid)")
        #expect(paid.headline.hasPrefix(words.thanks), "\(paid)")
        try await page.expect(phase: "paid", texts: ["4,92 €", "10,00 €", words.change], stage: "4-paid")

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
        try await page.expect(phase: "sale", texts: [beforeRestart.rows[0].amount], stage: "5-restored")

        // The key-to-page latency (the cashier's key sent to tmux → the view on the stream)
        let milliseconds = latencies.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
        let p99 = milliseconds[min(milliseconds.count - 1, Int((Double(milliseconds.count) * 0.99).rounded(.up)) - 1)]
        print("web display latency (\(words.lang), n=\(milliseconds.count)): p50 \(milliseconds[milliseconds.count / 2]) ms, "
              + "p99 \(p99) ms, max \(milliseconds.last!) ms")
        try await again.press("C-q")
        #expect(await againFrames.frame(containing: "overlay=quit") != nil)
        try await again.press("Enter")
        #expect(await againFrames.frame(containing: "never") == nil)
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
    var description: String { "\(phase) #\(seq) lines=\(lines.map(\.amount)) rows=\(rows.map { "\($0.label) \($0.amount)" }) \(headline)" }
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

    func expect(phase: String, texts: [String], stage: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
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
        if let shots {
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
            let shot = try await TestProcess.run(webDisplayChromium,
                                                 common + ["--screenshot=\(shots)/\(prefix)-\(stage).png", url],
                                                 environment: ProcessInfo.processInfo.environment, stderr: .null)
            #expect(shot.status == 0, sourceLocation: sourceLocation)
        }
    }
}
