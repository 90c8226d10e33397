import Foundation
import Hardware
import POSFoundation
import Testing

/// The floor devices end to end, with the real binary: the customer display in a second tmux window, the pole
/// display's bytes on a socat pty pair, and a product sold by weight weighed on `pos scale-sim` over a pty.
/// Nothing sleeps: the tests await the counter's and the display's frame logs, the simulators' ready lines and
/// the bytes on the pty.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosFloorDevicesEndToEndTests {
    /// The demo's "Coffee Beans 1 kg" (EAN 4006381333986, 29.90), marked sold by weight as the catalog sync
    /// does for a product with the meta `_pos_sold_by_weight`.
    static let weighedEAN = "4006381333986"


    /// A demo data directory with `settings` set (`pos settings set KEY VALUE`).
    private func demo(_ data: TemporaryDirectory, settings: [(String, String)] = [], weighed: Bool = false) async throws {
        let opened = try await PosProcess.run(["--data-dir", data.path])
        #expect(opened.status == 0, "\(opened.stderr)")
        for (key, value) in settings {
            let set = try await PosProcess.run(["settings", "set", key, value, "--data-dir", data.path])
            #expect(set.status == 0, "\(set.stderr)")
        }
        if weighed {
            try await CatalogSeeder.execute(
                ["UPDATE product SET soldByWeight = 1 WHERE globalUniqueId = '\(Self.weighedEAN)'"],
                database: data.url.appendingPathComponent("pos.sqlite").path)
        }
    }

    // MARK: - Customer display

    @Test func secondWindow_posDisplay_showsTheCartAsScanned_thenTheChangeAfterCash() async throws {
        // Given a demo counter that serves the customer display, and `pos display` in a second window
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await demo(data, settings: [("customer-display", "on")])
        let counterLog = try TemporaryDirectory()
        defer { counterLog.remove() }
        let displayLog = try TemporaryDirectory()
        defer { displayLog.remove() }
        let frames = try FrameWatcher(directory: counterLog.url)
        let shown = try FrameWatcher(directory: displayLog.url)
        let display = TmuxSession()
        defer { display.kill() }
        try await display.start("env POS_DISPLAY_FRAME_LOG=\(shown.path) \(PosProcess.executable.path) display "
                                + "--data-dir \(data.path) --retry-ms 100", columns: 50, rows: 20)
        // (no counter yet: closed)
        #expect(await shown.frame(containing: "display closed") != nil)
        let screen = try await display.capture(containing: "Closed")
        #expect(screen.contains("Closed"))

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)
        // (the counter runs, but no shift is open yet: the display still says closed, now from the counter's own
        // state, the same screen, so no new frame)
        #expect(try await display.capture(containing: "Closed").contains("Closed"))

        // When two items are scanned in the counter window
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        #expect(await shown.frame(containing: "phase=sale", "lines=1", "total=2.20") != nil)
        try await tmux.type("4006381333948\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=2") != nil)

        // Then the display window shows the cart and its total
        #expect(await shown.frame(containing: "phase=sale", "lines=2", "total=5.40") != nil)
        // (in the demo store's format, as its receipts)
        let cart = try await display.capture(containing: "5,40 €")
        #expect(cart.contains("Espresso"), "\(cart)")
        #expect(cart.contains("Cappuccino"), "\(cart)")
        #expect(cart.contains("TOTAL"), "\(cart)")

        // When the customer pays 10.00 in cash
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("10")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)

        // Then the display shows the change and a thank-you
        #expect(await shown.frame(containing: "phase=paid", "change=4.60") != nil)
        let paid = try await display.capture(containing: "CHANGE")
        #expect(paid.contains("4,60 €"), "\(paid)")
        #expect(paid.contains("Given"), "\(paid)")
        #expect(paid.contains("Thank you!"), "\(paid)")

        // And when the counter quits, the display says it is closed
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
        #expect(await shown.frame(containing: "display closed") != nil)
    }

    // MARK: - Scale and pole display on ptys

    @Test func weighedProductScanned_weightFromScaleSim_linePriced_andThePoleDisplaysBytes() async throws {
        // Given the scale simulator on a pty (the weight moves once, then settles at 1.234 kg), a socat pty pair
        // for the pole display, and a demo counter with both addresses and a product sold by weight
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let scaleLink = data.url.appendingPathComponent("ttyScale").path
        let scale = try await RunningPos(["scale-sim", "--serial", scaleLink, "--script", "moving,stable:1234"])
        defer { scale.terminate() }
        #expect(await scale.line(containing: "8217 scale simulator on") != nil)
        let pair = try await SocatPair(directory: data.url)
        defer { pair.stop() }
        let pole = try PtyReader(path: pair.second)
        try await demo(data, settings: [("scale", "scale+serial://\(scaleLink)?line=9600,8N1"),
                                        ("pole-display", "display+serial://\(pair.first)")], weighed: true)
        let log = try TemporaryDirectory()
        defer { log.remove() }
        let frames = try FrameWatcher(directory: log.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When the weighed product is scanned
        try await tmux.type(Self.weighedEAN + "\r")

        // Then the weight is read from the scale and the line priced: 1.234 kg × 29.90 = 36.8966 → 36,90
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=36,90€") != nil)
        let screen = try await tmux.capture(containing: "1,234 kg x 29,90 €/kg")
        #expect(screen.contains("1,234 kg x 29,90 €/kg"), "\(screen)")

        // When paid with 50.00 in cash
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("50")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)

        // Then the pole display got, in order: its initialisation, the welcome, the weighed item (weight × price
        // per kilogram on the second row) and the change, in the store's language as its receipts (the demo
        // store names no site language, so English, in its euro format)
        let encoder = PoleDisplayEncoder(texts: .english)
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        let expected: [[UInt8]] = [
            encoder.initialization(),
            encoder.encode(.idle(welcome: "Welcome", second: "")),
            encoder.encode(.weighedItem(name: "Coffee Beans 1 kg", line: WeighedLine(grams: 1234, unitPrice: eur(2990)))),
            encoder.encode(.change(given: eur(5000), change: eur(1310))),
        ]
        #expect(await pole.received(inOrder: expected), "pole display got \(pole.text)")
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func sellCommand_weighedItem_isWeighedOnTheScale_andAZeroScaleSellsNothing() async throws {
        // Given a scale that first shows an empty pan, then 0.500 kg
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let scaleLink = data.url.appendingPathComponent("ttyScale").path
        let scale = try await RunningPos(["scale-sim", "--serial", scaleLink, "--script", "zero,stable:500"])
        defer { scale.terminate() }
        #expect(await scale.line(containing: "8217 scale simulator on") != nil)
        try await demo(data, settings: [("scale", "scale+serial://\(scaleLink)?line=9600,8N1")], weighed: true)

        // When the first sale weighs an empty pan
        let empty = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", Self.weighedEAN, "--pay", "cash"])
        // Then nothing is sold, with what to do
        #expect(empty.status == 1, "\(empty.stdout) \(empty.stderr)")
        #expect(empty.stderr.contains("nothing is on the pan"), "\(empty.stderr)")
        let none = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        let orders = try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [Any]
        #expect(orders?.isEmpty == true, "\(none.stdout)")

        // When weighed again with goods on the pan: 0.500 kg × 29.90 = 14.95
        let sold = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", Self.weighedEAN, "--pay", "cash:20"])
        #expect(sold.status == 0, "\(sold.stderr)")
        #expect(sold.stdout.contains("0,500 kg x 29,90 EUR/kg = 14,95 EUR"), "\(sold.stdout)")
        #expect(sold.stdout.contains("Total: 14,95 €"), "\(sold.stdout)")
        #expect(sold.stdout.contains("Change: 5,05 €"), "\(sold.stdout)")
    }
}

/// `socat` joining two ptys, linked at `first` and `second` in a directory; ready once socat says its transfer
/// loop started (the links exist then).
final class SocatPair {
    let first: String
    let second: String
    private let process: TestProcess

    init(directory: URL) async throws {
        first = directory.appendingPathComponent("ttyA").path
        second = directory.appendingPathComponent("ttyB").path
        process = try await TestProcess.start(
            "/bin/sh", ["-c", "exec /usr/bin/socat -d -d pty,raw,echo=0,link=\(first) pty,raw,echo=0,link=\(second) 2>&1"],
            environment: ProcessInfo.processInfo.environment, stderr: .null)
        var lines = process.stdoutLines().makeAsyncIterator()
        while let line = await lines.next() {
            if line.contains("starting data transfer loop") { return }
        }
        throw CocoaError(.fileReadUnknown)
    }

    func stop() { process.signal(SIGTERM) }
}

/// Reads a pty's bytes on a thread as they arrive, until the pty closes (socat stopped).
final class PtyReader {
    private var iterator: AsyncStream<[UInt8]>.Iterator
    private(set) var bytes: [UInt8] = []

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw CocoaError(.fileReadNoPermission) }
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        iterator = stream.makeAsyncIterator()
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(Array(chunk[0..<count]))
            }
            close(fd)
            continuation.finish()
        }
        thread.start()
    }

    /// The bytes as hex, for failure messages.
    var text: String { bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }

    /// Waits until every sequence has arrived, each after the previous one; `false` if the pty closed first.
    func received(inOrder sequences: [[UInt8]]) async -> Bool {
        while true {
            var from = bytes.startIndex
            var found = true
            for sequence in sequences {
                guard let range = Self.range(of: sequence, in: bytes, from: from) else { found = false; break }
                from = range.upperBound
            }
            if found { return true }
            guard let chunk = await iterator.next() else { return false }
            bytes += chunk
        }
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count - from >= needle.count else { return nil }
        for start in from...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

}
