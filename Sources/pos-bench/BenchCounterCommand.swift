import ArgumentParser
import Composition
import Counter
import Foundation
import POSFoundation
import Storage
import Yosemite

/// `pos-bench counter`: the counter headless on a large catalog — start-up to the first painted sell screen,
/// scan-to-screen time, and peak memory.
struct BenchCounterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counter",
        abstract: "Benchmark the counter: start-up, scan-to-screen and peak memory on a generated catalog.",
        discussion: """
            Seeds the demo store plus a generated catalog into a scratch data directory, then drives the real \
            counter (shell, sell screen, stores, SQLite) through an in-memory screen of 100x30: the time from \
            opening the data directory to the first painted sell screen, then scans (a burst of keys ending in \
            Enter, as a scanner types) timed until a frame shows the item.
            """
    )

    @Option(help: "How many products to generate.")
    var products = 100_000

    @Option(help: "How many scans to time.")
    var scans = 300

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard products > 0, scans > 0 else { throw ValidationError("--products and --scans must be positive") }
    }

    func run() async throws {
        let result = try await Self.measure(products: products, scans: scans)
        if json { try Console.json(result) } else { Console.out(result.summary) }
    }

    @MainActor
    private static func measure(products: Int, scans: Int) async throws -> BenchCounterResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-counter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let generator = BenchCatalogGenerator(productCount: products)
        try await seed(scratch, generator: generator)

        // Start-up: open the data directory, the session and the counter, until the sell screen is painted.
        let clock = ContinuousClock()
        let started = clock.now
        let environment = try AppEnvironment.live(dataDirectory: scratch, logger: LoggingSetup.logger())
        let manager = StoresManager(environment: environment)
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        guard let settings = status.store else { throw ValidationError("the scratch store has no settings") }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let app = CounterApp(stores: manager, settings: settings, screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Search or scan") }
        let startup = clock.now - started

        // Scan-to-screen: a burst of keys in, until a frame shows the scanned item.
        var samples: [Duration] = []
        var random = SystemRandomNumberGenerator()
        for index in 0..<scans {
            if index % 25 == 0 { app.router.sell.interactor.newSale() }
            let id = Int.random(in: 1...products, using: &random)
            let name = generator.name(id)
            let code = generator.isVariable(id) ? generator.variationSKU(id, 0) : generator.gtin(id)
            let sent = clock.now
            screen.scan(code)
            _ = await screen.frame { $0.contains(TextWidth.prefix(name, fitting: 40)) }
            samples.append(clock.now - sent)
        }
        screen.close()
        await running.value

        return BenchCounterResult(products: products, startup: startup, scans: samples, peakRSSKiB: Self.peakRSSKiB())
    }

    /// The demo store plus `generator`'s products (and variations), written in pages of 1,000.
    @MainActor
    private static func seed(_ directory: URL, generator: BenchCatalogGenerator) async throws {
        let environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        let manager = StoresManager(environment: environment)
        try await manager.openDemo()
        try await generator.store(in: environment.database, idOffset: 1_000_000)
    }

    /// The process's peak resident set size (KiB).
    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }
}

/// What `pos-bench counter` measured.
struct BenchCounterResult: Encodable {
    var products: Int
    var startupMilliseconds: Double
    var scans: Int
    var scanToScreenP50Milliseconds: Double
    var scanToScreenP99Milliseconds: Double
    var scanToScreenMaxMilliseconds: Double
    var peakRSSMiB: Double

    init(products: Int, startup: Duration, scans samples: [Duration], peakRSSKiB: Int) {
        func ms(_ duration: Duration) -> Double {
            (Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15).rounded(toPlaces: 2)
        }
        let latency = BenchCatalogResult.Latency(samples)
        self.products = products
        startupMilliseconds = ms(startup)
        scans = samples.count
        scanToScreenP50Milliseconds = latency.p50.rounded(toPlaces: 2)
        scanToScreenP99Milliseconds = latency.p99.rounded(toPlaces: 2)
        scanToScreenMaxMilliseconds = latency.max.rounded(toPlaces: 2)
        peakRSSMiB = (Double(peakRSSKiB) / 1024).rounded(toPlaces: 1)
    }

    var summary: String {
        """
        counter bench: \(products) products
          start-up to first painted sell screen: \(startupMilliseconds) ms
          scan-to-screen (\(scans) scans): p50 \(scanToScreenP50Milliseconds) ms, p99 \(scanToScreenP99Milliseconds) ms, max \(scanToScreenMaxMilliseconds) ms
          peak RSS: \(peakRSSMiB) MiB
        """
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let factor = Foundation.pow(10, Double(places))
        return (self * factor).rounded() / factor
    }
}
