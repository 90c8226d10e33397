import Foundation
import Testing

/// Weighed goods in the demo end to end, with the real binary: the demo store's loose goods (sold by weight, numeric PLUs)
/// weighed on `pos scale-sim` over a socat pty pair and sold from a weight label in the 80×24 counter, each sale
/// recorded with its weight and amount; and the scale simulator on lines that exist already (a socat link, a
/// `/dev/pts/N`), never replacing what is there, with errors that name the scale and say what to do.
/// Nothing sleeps: the tests await the counter's frame log, the simulators' ready lines and the processes' exits.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(3)))
struct PosFloorDemoWeighedEndToEndTests {
    /// The demo's "Loose Coffee Beans": PLU 7, 24.90 per kilogram, 7 % VAT.
    static let loosePLU = "7"
    /// A weight label of the demo's layout (28-29:IIIIIVVVVV:weight): prefix 28, PLU 00007, 01234 g, check digit 5.
    static let label = "2800007012345"

    /// A demo data directory with `settings` set (`pos settings set KEY VALUE`).
    private func demo(_ data: TemporaryDirectory, settings: [(String, String)] = []) async throws {
        let opened = try await PosProcess.run(["--data-dir", data.path])
        #expect(opened.status == 0, "\(opened.stderr)")
        for (key, value) in settings {
            let set = try await PosProcess.run(["settings", "set", key, value, "--data-dir", data.path])
            #expect(set.status == 0, "\(set.stderr)")
        }
    }

    /// The first order's total, and its one line's name, weight, price per kilogram and amount with VAT (minor units).
    private func firstSale(_ data: TemporaryDirectory) async throws -> (total: String?, line: [String]) {
        let show = try await PosProcess.run(["orders", "show", "1", "--data-dir", data.path, "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        let order = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        let rows = try await CatalogSeeder.query(
            "SELECT name, weightGrams, unitPrice, total + totalTax FROM orderLine", database: data.url.appendingPathComponent("pos.sqlite").path)
        #expect(rows.count == 1, "\(rows)")
        return (order?["total"] as? String, rows.first ?? [])
    }

    // MARK: - Selling loose goods in the demo counter

    @Test func demoCounter80x24_loosePLUWeighedOnScaleSimOverASocatPair_saleRecordsWeightAndAmount() async throws {
        // Given a socat pty pair, the scale simulator on one end (1.234 kg on the pan) and the demo counter's scale
        // on the other, at the scale's usual 9600 7E1 (a pty carries 8 bits; nobody has to say ?line=…)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let pair = try await SocatPair(directory: data.url)
        defer { pair.stop() }
        let socatsEnd = try FileManager.default.destinationOfSymbolicLink(atPath: pair.first)
        let scale = try await RunningPos(["scale-sim", "--serial", pair.first, "--script", "stable:1234"])
        defer { scale.terminate() }
        #expect(await scale.line(containing: "8217 scale simulator on \(pair.first)") != nil)
        // (socat's link is opened, not replaced)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: pair.first) == socatsEnd)
        try await demo(data, settings: [("scale", "scale+serial://\(pair.second)")])
        let log = try TemporaryDirectory()
        defer { log.remove() }
        let frames = try FrameWatcher(directory: log.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When the cashier types the loose coffee beans' PLU
        try await tmux.type(Self.loosePLU + "\r")

        // Then the scale weighs them and the line is priced: 1.234 kg × 24.90 = 30.7266 → 30,73
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=30,73€") != nil)
        // (weight and price per kilogram as the demo store writes amounts)
        let screen = try await tmux.capture(containing: "1,234 kg x 24,90 €/kg")
        #expect(screen.contains("Loose Coffee Beans"), "\(screen)")

        // When paid with 50.00 in cash
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("50")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // Then the sale is recorded with the weight, the price per kilogram and the amount
        let sale = try await firstSale(data)
        #expect(sale.total == "30.73")
        #expect(sale.line == ["Loose Coffee Beans", "1234", "2490", "3073"])
    }

    @Test func demoCounter80x24_weightLabelScanned_findsTheLooseGoodByPLU_saleRecordsWeightAndAmount() async throws {
        // Given the demo counter as it comes (its weight-label layout is the demo's default; no scale)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await demo(data)
        let layout = try await PosProcess.run(["settings", "show", "--data-dir", data.path])
        #expect(layout.stdout.contains("barcode-layouts: 28-29:IIIIIVVVVV:weight"), "\(layout.stdout) \(layout.stderr)")
        let log = try TemporaryDirectory()
        defer { log.remove() }
        let frames = try FrameWatcher(directory: log.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When a weight label is scanned: 1.234 kg of PLU 7
        try await tmux.type(Self.label + "\r")

        // Then the loose coffee beans are added with the label's weight: 1.234 kg × 24.90 = 30,73
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=30,73€") != nil)
        let screen = try await tmux.capture(containing: "Loose Coffee Beans")
        #expect(!screen.contains("manual"), "\(screen)")

        // When paid with 40.00 in cash
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("40")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // Then the sale is recorded with the label's weight and amount
        let sale = try await firstSale(data)
        #expect(sale.total == "30.73")
        #expect(sale.line == ["Loose Coffee Beans", "1234", "2490", "3073"])
    }

    // MARK: - The demo's simulated scale (sim://)

    @Test func demoSell_loosePLUWithNoScaleSet_weighsOnTheSimulatedScale() async throws {
        // Given the demo as it comes: no scale address set
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await demo(data)

        // When the loose coffee beans are sold by their PLU
        let sold = try await PosProcess.run(["sell", "--item", Self.loosePLU, "--pay", "cash", "--data-dir", data.path])

        // Then the demo's simulated scale weighed them, as its simulated terminal takes cards: 0.500 kg × 24.90 = 12.45
        #expect(sold.status == 0, "\(sold.stderr)")
        #expect(sold.stderr.contains("Weighing Loose Coffee Beans"), "\(sold.stderr)")
        let sale = try await firstSale(data)
        #expect(sale.total == "12.45")
        #expect(sale.line == ["Loose Coffee Beans", "500", "2490", "1245"])
        // and the summary shows the line as the receipt does, with its tax (it showed the net 11,64 € above a 12,45 € total)
        #expect(sold.stdout.contains("1 × Loose Coffee Beans  12,45 €"), "\(sold.stdout)")
        #expect(sold.stdout.contains("Subtotal: 12,45 €"), "\(sold.stdout)")
        #expect(sold.stdout.contains("Includes tax"), "\(sold.stdout)")
        // and the settings name the simulator it weighed on, not "none"
        let settings = try await PosProcess.run(["settings", "show", "--data-dir", data.path])
        #expect(settings.stdout.contains("scale: sim:// (the demo's simulator)"), "\(settings.stdout)")
        // and each unset setting says what it means, as the settings screen does, not "none" for all
        #expect(settings.stdout.contains("customer-display: off"), "\(settings.stdout)")
        #expect(settings.stdout.contains("language: automatic (LANG, else the store's)"), "\(settings.stdout)")
        #expect(settings.stdout.contains("paper-language: the store's site language"), "\(settings.stdout)")
        #expect(settings.stdout.contains("pole-display: none"), "\(settings.stdout)")
    }

    @Test func demoSell_simulatedScaleReadsZero_saysWhatToDo_andSellsNothing() async throws {
        // Given the demo, its simulated scale scripted to an empty pan
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await demo(data)

        // When the loose coffee beans are sold
        let sold = try await PosProcess.run(["sell", "--item", Self.loosePLU, "--pay", "cash", "--data-dir", data.path],
                                            environment: ["POS_SIM_SCALE_SCRIPT": "zero"])

        // Then the scale's answer is the reason, with what to do, and no sale is recorded
        #expect(sold.status == 1, "\(sold.stdout) \(sold.stderr)")
        #expect(sold.stderr.contains("The scale shows zero: nothing is on the pan."), "\(sold.stderr)")
        #expect(sold.stderr.contains("Put the goods on the pan, then weigh again."), "\(sold.stderr)")
        let lines = try await CatalogSeeder.query(
            "SELECT count(*) FROM orderLine", database: data.url.appendingPathComponent("pos.sqlite").path)
        #expect(lines == [["0"]], "\(lines)")
    }

    @Test func scaleWeigh_sim_weighsOnTheSimulatedScale_andABadScriptIsNamed() async throws {
        let weighed = try await PosProcess.run(["scale", "weigh", "sim://", "--unit-price", "19.90"])
        #expect(weighed.status == 0, "\(weighed.stderr)")
        #expect(weighed.stdout.contains("0.500 kg x 19.90 EUR/kg = 9.95 EUR"), "\(weighed.stdout)")

        let scripted = try await PosProcess.run(["scale", "weigh", "sim://", "--unit-price", "19.90"],
                                                environment: ["POS_SIM_SCALE_SCRIPT": "stable:1234"])
        #expect(scripted.stdout.contains("1.234 kg x 19.90 EUR/kg = 24.56 EUR"), "\(scripted.stdout)")

        let bad = try await PosProcess.run(["scale", "weigh", "sim://", "--unit-price", "19.90"],
                                           environment: ["POS_SIM_SCALE_SCRIPT": "heavy"])
        #expect(bad.status == 1, "\(bad.stdout) \(bad.stderr)")
        #expect(bad.stderr.contains("POS_SIM_SCALE_SCRIPT"), "\(bad.stderr)")
    }

    // MARK: - The scale simulator on lines that exist

    @Test func scaleSim_onAnExistingDevPts_servesIt_andTheScaleWeighsOnTheOtherEnd() async throws {
        // Given a socat pty pair, and the simulator given one end by its /dev/pts/N name
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let pair = try await SocatPair(directory: data.url)
        defer { pair.stop() }
        let devPts = try FileManager.default.destinationOfSymbolicLink(atPath: pair.first)
        #expect(devPts.hasPrefix("/dev/pts/"), "\(devPts)")
        let scale = try await RunningPos(["scale-sim", "--serial", devPts, "--script", "stable:500"])
        defer { scale.terminate() }
        #expect(await scale.line(containing: "8217 scale simulator on \(devPts)") != nil)

        // When weighed twice on the other end at the scale's usual settings (each weighing opens and closes it)
        for _ in 0..<2 {
            let weighed = try await PosProcess.run(["scale", "weigh", "scale+serial://\(pair.second)", "--unit-price", "19.90"])
            // Then: 0.500 kg × 19.90 = 9.95
            #expect(weighed.status == 0, "\(weighed.stderr)")
            #expect(weighed.stdout.contains("0.500 kg x 19.90 EUR/kg = 9.95 EUR"), "\(weighed.stdout)")
        }
    }

    @Test func scaleSim_somethingElseAtThePath_refusesAndLeavesItAlone() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        // Given a file, and a link to nothing (a killed simulator's), where the simulator is told to serve
        let file = data.url.appendingPathComponent("notes.txt").path
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: file))
        let stale = data.url.appendingPathComponent("ttyStale").path
        try FileManager.default.createSymbolicLink(atPath: stale, withDestinationPath: "/dev/pts/999999")

        // When / Then: each is refused with what is there and what to do, and left as it was
        let onFile = try await PosProcess.run(["scale-sim", "--serial", file])
        #expect(onFile.status == 64, "\(onFile.stdout) \(onFile.stderr)")
        #expect(onFile.stderr.contains("--serial \(file): a file that is no tty is there"), "\(onFile.stderr)")
        #expect(onFile.stderr.contains("rm \(file)"), "\(onFile.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")

        let onStale = try await PosProcess.run(["scale-sim", "--serial", stale])
        #expect(onStale.status == 64, "\(onStale.stdout) \(onStale.stderr)")
        #expect(onStale.stderr.contains("a symbolic link to /dev/pts/999999, which does not exist"), "\(onStale.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stale) == "/dev/pts/999999")
    }

    @Test func scaleOnAPathThatIsNoSerialLine_theErrorNamesTheScaleAndSaysWhatToDo() async throws {
        // When the simulator and the register are each given /dev/null, which opens but is no tty
        let sim = try await PosProcess.run(["scale-sim", "--serial", "/dev/null"])
        let weigh = try await PosProcess.run(["scale", "weigh", "scale+serial:///dev/null", "--unit-price", "1.00"])

        // Then each says it is the scale's line, that it is no serial line, and what to do; neither says "terminal"
        #expect(sim.status == 1, "\(sim.stdout) \(sim.stderr)")
        #expect(!sim.stdout.contains("simulator on"), "\(sim.stdout)")
        #expect(sim.stderr.contains("The scale's line /dev/null is not a serial line"), "\(sim.stderr)")
        #expect(sim.stderr.contains("Give --serial a free path"), "\(sim.stderr)")
        #expect(weigh.status == 1, "\(weigh.stdout) \(weigh.stderr)")
        #expect(weigh.stderr.contains("The scale's line /dev/null is not a serial line"), "\(weigh.stderr)")
        #expect(weigh.stderr.contains("pos settings set scale scale+serial:///dev/ttyUSB2"), "\(weigh.stderr)")
        for output in [sim.stderr, weigh.stderr] {
            #expect(!output.lowercased().contains("terminal"), "\(output)")
        }
    }
}
