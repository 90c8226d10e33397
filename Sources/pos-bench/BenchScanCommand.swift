import ArgumentParser
import Composition
import Foundation
import Yosemite

/// `pos-bench scan`: scan-to-cart alone, as `pos-bench all` measures it, without the other sections.
struct BenchScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Benchmark scan-to-cart (OrderAction.editSale, persisted) and order commit on a generated catalog.",
        discussion: """
            Logs in to woo-test-server (the demo store's taxes), ingests the generated catalog, then adds codes to \
            open sales through the order store as the counter does, carts growing to --cart-lines lines, and \
            commits cash sales: the wall time and the process's CPU per scan.
            """
    )

    @Option(help: "How many products to generate.")
    var products = 100_000

    @Option(help: "How many scans to time.")
    var scans = 1_000

    @Option(help: "Lines a cart grows to before a new sale starts.")
    var cartLines = 50

    @Option(help: "The woo-test-server executable (default: next to pos-bench).")
    var wooTestServer: String?

    @MainActor
    func run() async throws {
        let server = try BenchTestServer(executable: try BenchTestServer.locate(wooTestServer))
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = try AppEnvironment.live(dataDirectory: directory, logger: BenchSuite.quietLogger)
        let manager = StoresManager(environment: environment)
        _ = try await manager.login(siteURL: server.site, username: server.username, applicationPassword: server.password)
        _ = try await manager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
        let generator = BenchCatalogGenerator(productCount: products)
        _ = try await CatalogBenchmark(
            generator: generator, database: environment.database,
            databasePath: environment.file(AppEnvironment.FileName.database).path, queries: 1
        ).run { _ in }
        let result = try await SaleBenchmark(
            manager: manager, generator: generator, scans: scans, cartLines: cartLines, sales: 100
        ).run()
        func line(_ name: String, _ latency: BenchCatalogResult.Latency) -> String {
            String(format: "%@: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms (%d)",
                   name, latency.p50, latency.p90, latency.p99, latency.max, latency.count)
        }
        Console.out(line("scan-to-cart", result.scanToCart))
        Console.out(line("scan-to-cart CPU", result.scanToCartCPU))
        Console.out(line("order commit", result.orderCommit))
    }
}
