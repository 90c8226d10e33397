import Composition
import Foundation
import Logging
import POSFoundation
import Yosemite

/// The one benchmark suite behind `pos-bench` (`pos-bench all`): generates its data in a scratch directory, runs every
/// measurement and the Python baseline on the same data and test server, and returns the figures.
@MainActor
struct BenchSuite {
    /// How much of everything to do.
    struct Sizes {
        var products: Int
        var queries: Int
        var scans: Int
        var cartLines = 50
        var sales: Int
        var drainOrders: Int
        var receipts: Int
        var zvtPayments: Int
        var coldStarts: Int
        /// Products on the store-like server of the sync section (the real store had ~10k), orders pushed by each
        /// client, and page GETs for the CPU per request.
        var syncProducts = 10_000
        var syncOrders = 300
        var syncCPURequests = 40
        /// Rounds of the sync section, pos and the best client alternating who goes first.
        var syncRounds = 2

        static func full(products: Int) -> Sizes {
            Sizes(products: products, queries: 1_000, scans: 1_000, sales: 500, drainOrders: 1_000, receipts: 1_000,
                  zvtPayments: 10_000, coldStarts: 5)
        }

        static func quick(products: Int) -> Sizes {
            Sizes(products: products, queries: 100, scans: 100, cartLines: 20, sales: 20, drainOrders: 30,
                  receipts: 30, zvtPayments: 500, coldStarts: 2, syncProducts: 300, syncOrders: 10, syncCPURequests: 3,
                  syncRounds: 1)
        }
    }

    /// Warnings only: the sync engine's notices would drown the progress lines.
    static let quietLogger: Logger = {
        var logger = Logger(label: "pos.bench")
        logger.logLevel = .error
        return logger
    }()

    let sizes: Sizes
    let quick: Bool
    let scratch: URL
    let testServer: URL
    /// The `pos` executable whose cold start is timed.
    let pos: URL
    /// The baseline script, or `nil` to skip the baseline.
    let baselineScript: URL?
    let progress: (String) -> Void

    func run() async throws -> BenchSuiteResult {
        let machine = BenchMachine.current()
        progress("starting woo-test-server")
        let server = try BenchTestServer(executable: testServer)
        defer { server.stop() }

        let catalogDirectory = try makeDirectory("catalog")
        let environment = try AppEnvironment.live(dataDirectory: catalogDirectory, logger: Self.quietLogger)
        let manager = StoresManager(environment: environment)
        _ = try await manager.login(siteURL: server.site, username: server.username, applicationPassword: server.password)
        // The demo catalog first, for the store's tax rates and categories (scan-to-cart computes real taxes);
        // the generated products then overwrite the few demo products that share their ids.
        _ = try await manager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
        let generator = BenchCatalogGenerator(productCount: sizes.products)
        progress("catalog: ingesting \(sizes.products) products, then lookups and searches")
        let loadAtCatalog = BenchMachine.loadAverage()
        let catalog = try await CatalogBenchmark(
            generator: generator, database: environment.database,
            databasePath: environment.file(AppEnvironment.FileName.database).path, queries: sizes.queries
        ).run { _ in }

        progress("scan-to-cart and order commit")
        let loadAtSales = BenchMachine.loadAverage()
        let sales = try await SaleBenchmark(
            manager: manager, generator: generator, scans: sizes.scans, cartLines: sizes.cartLines, sales: sizes.sales
        ).run()

        progress("receipt rendering")
        let receipt = try ReceiptBenchmark(receipts: sizes.receipts).run()

        progress("ZVT: recording a payment with the simulator, then \(sizes.zvtPayments) replays")
        var zvt = try ZVTBenchmark(capture: try await ZVTExchangeCapture.record(), payments: sizes.zvtPayments).run()
        zvt.concert = try await ConcertBenchmark(payments: sizes.zvtPayments).run()

        progress("cold start: \(sizes.coldStarts) × pos status on the \(sizes.products)-product data directory")
        let coldStart = try await ColdStartBenchmark(pos: pos, dataDirectory: catalogDirectory, runs: sizes.coldStarts).run()

        progress("outbox drain: \(sizes.drainOrders) orders batched, \(sizes.drainOrders) one per request")
        let bodies = scratch.appendingPathComponent("orders.json")
        let drain = try await DrainBenchmark(
            server: server, directory: try makeDirectory("drain"), orders: sizes.drainOrders
        ).run(exportBodies: bodies)
        let sync = try await SyncBenchmark(
            testServer: testServer, python: baselineScript.map(PythonBaseline.init(script:)),
            directory: try makeDirectory("sync"), products: sizes.syncProducts, orders: sizes.syncOrders,
            cpuRequests: sizes.syncCPURequests, rounds: sizes.syncRounds, progress: progress
        ).run()
        let peakRSS = BenchMachine.peakRSSMegabytes()

        var baseline: PythonBaseline.Result?
        var ratios: BenchSuiteResult.Ratios?
        if let baselineScript {
            baseline = try await runBaseline(PythonBaseline(script: baselineScript), generator, server, bodies)
            if let baseline {
                ratios = .init(
                    ingest: catalog.productsPerSecond / max(baseline.ingest.productsPerSecond, 1e-9),
                    drainBatchVersusPython: drain.batch.ordersPerSecond / max(baseline.drain.ordersPerSecond, 1e-9),
                    drainOnePerRequestVersusPython:
                        drain.onePerRequest.ordersPerSecond / max(baseline.drain.ordersPerSecond, 1e-9))
            }
        }
        var machineAtEnd = machine
        machineAtEnd.loadAverageAtEnd = BenchMachine.loadAverage()
        return BenchSuiteResult(
            machine: machineAtEnd, quick: quick, catalog: catalog,
            scanToCart: .init(latency: sales.scanToCart, cpu: sales.scanToCartCPU, maxCartLines: sizes.cartLines), orderCommit: sales.orderCommit,
            drain: drain, sync: sync, receipt: receipt, zvt: zvt, coldStart: coldStart, peakRSSMegabytes: peakRSS,
            baseline: baseline, ratios: ratios, loadAtCatalog: loadAtCatalog, loadAtSales: loadAtSales)
    }

    private func runBaseline(
        _ python: PythonBaseline, _ generator: BenchCatalogGenerator, _ server: BenchTestServer, _ bodies: URL
    ) async throws -> PythonBaseline.Result {
        progress("python baseline: writing the same pages, ingest with json + sqlite3")
        let pages = scratch.appendingPathComponent("pages")
        try PythonBaseline.writePages(of: generator, to: pages)
        let ingest = try await python.ingest(pages: pages, database: scratch.appendingPathComponent("baseline.sqlite"))
        progress("python baseline: drain, one order per request")
        let before = try await server.requestCount()
        let (report, drain) = try await python.drain(server: server, orders: bodies)
        let after = try await server.requestCount()
        guard drain.failures == 0 else { throw BenchError("the baseline's drain failed \(drain.failures) orders") }
        return PythonBaseline.Result(
            python: report.python, sqlite: report.sqlite, settings: report.settings, ingest: ingest, drain: drain,
            drainRequestsLogged: after - before)
    }

    private func makeDirectory(_ name: String) throws -> URL {
        let url = scratch.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url
    }
}
