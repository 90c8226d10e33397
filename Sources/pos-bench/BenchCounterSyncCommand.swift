import ArgumentParser
import Foundation

/// `pos-bench counter-sync`: the counter's key- and scan-to-frame times while the same process syncs.
struct BenchCounterSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counter-sync",
        abstract: "Benchmark the counter while it syncs: key- and scan-to-frame p50/p99/p999 against idle, peak memory.",
        discussion: """
            Logs a scratch data directory in to woo-test-server --store-costs, stores a large catalog, queues cash \
            sales and changes 1 % of the store's prices; then starts the real counter headless (an in-memory screen \
            of 100x30), whose session pushes the sales and pulls the change in the background, while a cashier \
            types searches and scans. Samples taken while the sync runs are set beside as many taken after it. \
            Build in release mode first.
            """
    )

    @Option(help: "Products in the local catalog (default 100000).")
    var products = 100_000

    @Option(help: "Products on the store, all pulled before the counter starts (default 10000).")
    var serverProducts = 10_000

    @Option(help: "Cash sales queued for the push (default 300).")
    var orders = 300

    @Option(help: "The woo-test-server executable (default: next to pos-bench).")
    var wooTestServer: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard serverProducts >= 100, products >= serverProducts, orders > 0 else {
            throw ValidationError("--server-products at least 100, --products at least that, --orders positive")
        }
    }

    @MainActor
    func run() async throws {
        let result = try await CounterUnderSyncBenchmark(
            testServer: try BenchTestServer.locate(wooTestServer), products: products,
            serverProducts: serverProducts, orders: orders
        ).run { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) }
        if json { try Console.json(result); return }
        func row(_ name: String, _ busy: CounterUnderSyncBenchmark.Percentiles, _ idle: CounterUnderSyncBenchmark.Percentiles) -> String {
            "| \(name) | \(busy.count) | \(busy.p50) | \(busy.p99) | \(busy.p999) | \(busy.max) | \(idle.count) | \(idle.p50) | \(idle.p99) | \(idle.p999) | \(idle.max) |\n"
        }
        var text = """
            counter under sync: \(result.products) products locally, \(result.orders) sales pushed, \
            \(result.changedPrices) prices pulled, sync \(String(format: "%.1f", result.syncSeconds)) s, \
            \(result.ordersOnServer) orders on the store; peak RSS \(result.peakRSSMiB) MiB; \
            load \(result.loadAtStart) → \(result.loadAtEnd)

            | to frame (ms) | n (sync) | p50 | p99 | p999 | max | n (idle) | p50 | p99 | p999 | max |
            |---|---|---|---|---|---|---|---|---|---|---|

            """
        text += row("keystroke", result.underSync.keystrokes, result.idle.keystrokes)
        text += row("keystroke to results", result.underSync.keystrokesToResults, result.idle.keystrokesToResults)
        text += row("scan", result.underSync.scans, result.idle.scans)
        Console.out(text)
    }
}
