import Foundation

/// Everything `pos bench all` measured, with the Python baseline and the ratios. Stable `--json` shape.
struct BenchSuiteResult: Encodable {
    struct ScanToCart: Encodable {
        /// Scan → cart line → totals of the whole cart, per scan (ms).
        var latency: BenchCatalogResult.Latency
        /// Carts grow to this many lines, then a new one starts.
        var maxCartLines: Int
    }

    /// pos's throughput divided by the baseline's (above 1: pos is faster).
    struct Ratios: Encodable {
        var ingest: Double
        var drainBatchVersusPython: Double
        var drainOnePerRequestVersusPython: Double
    }

    var machine: BenchMachine
    var quick: Bool
    var catalog: BenchCatalogResult
    var scanToCart: ScanToCart
    var orderCommit: BenchCatalogResult.Latency
    var drain: DrainBenchmark.Result
    var sync: SyncBenchmark.Result
    var receipt: ReceiptBenchmark.Result
    var zvt: BenchZVTResult
    var coldStart: ColdStartBenchmark.Result
    /// Peak resident set of the benchmark process (`getrusage`), in megabytes.
    var peakRSSMegabytes: Double
    var baseline: PythonBaseline.Result?
    var ratios: Ratios?

    var table: String {
        func ms(_ value: Double) -> String { value < 1 ? String(format: "%.3f ms", value) : String(format: "%.1f ms", value) }
        func pair(_ latency: BenchCatalogResult.Latency) -> String { "\(ms(latency.p50)) / \(ms(latency.p99))" }
        func rate(_ value: Double) -> String { String(format: "%.0f", value) }
        var rows: [(String, String, String)] = [
            ("catalog ingest (\(catalog.products) products + \(catalog.variations) variations)",
             "\(rate(catalog.productsPerSecond)) products/s", baseline.map { "\(rate($0.ingest.productsPerSecond)) products/s" } ?? "–"),
            ("barcode lookup p50 / p99", pair(catalog.lookup), "–"),
            ("search p50 / p99 (2–4 letter prefixes)", pair(catalog.search), "–"),
            ("scan-to-cart p50 / p99 (carts up to \(scanToCart.maxCartLines) lines)", pair(scanToCart.latency), "–"),
            ("order commit p50 / p99 (cash, 3 lines)", pair(orderCommit), "–"),
            ("drain \(drain.batch.orders) orders, batches of 25",
             "\(rate(drain.batch.ordersPerSecond)) orders/s, \(drain.batch.requests) requests", "–"),
            ("drain \(drain.onePerRequest.orders) orders, one entry per request",
             "\(rate(drain.onePerRequest.ordersPerSecond)) orders/s, \(drain.onePerRequest.requests) requests",
             baseline.map { "\(rate($0.drain.ordersPerSecond)) orders/s, \($0.drainRequestsLogged) requests" } ?? "–"),
        ]
        rows += sync.rows
        rows += [
            ("receipt: compose + Mustache p50 / p99", pair(receipt.composeAndTemplate), "–"),
            ("receipt: ESC/POS + plain text p50", "\(ms(receipt.escpos.p50)) + \(ms(receipt.plainText.p50))", "–"),
            ("ZVT payment CPU p50 / p99", pair(zvt.cpuPerPayment), "–"),
            ("ZVT same frames on the wire, 9600 8N2 / 8N1",
             "\(rate(zvt.wireMilliseconds9600_8N2)) ms / \(rate(zvt.wireMilliseconds9600_8N1)) ms "
                + "(\(rate(zvt.wireToCPURatio))× the CPU)", "–"),
            ("Concert payment CPU p50 / p99; wire at 9600 8N1",
             zvt.concert.map { "\(pair($0.cpuPerPayment)); \(rate($0.wireMilliseconds9600_8N1)) ms" } ?? "–", "–"),
            ("cold start to ready p50 (\(coldStart.command))", ms(coldStart.milliseconds.p50), "–"),
            ("peak RSS", String(format: "%.0f MB", peakRSSMegabytes), "–"),
        ]
        if let ratios {
            rows.append(("ratio pos / python: ingest", String(format: "%.2f×", ratios.ingest), ""))
            rows.append(("ratio pos / python: drain (batch; one per request)",
                         String(format: "%.2f×; %.2f×", ratios.drainBatchVersusPython,
                                ratios.drainOnePerRequestVersusPython), ""))
        }
        var text = "| measure | pos | python baseline |\n|---|---|---|\n"
        for (name, pos, python) in rows { text += "| \(name) | \(pos) | \(python) |\n" }
        text += "\nMachine: \(machine.cpu), \(machine.cores) cores, \(machine.memoryGigabytes) GB, "
            + "load \(machine.loadAverageAtStart) at start; \(machine.system)"
        if let baseline { text += "\nBaseline: Python \(baseline.python), SQLite \(baseline.sqlite), \(baseline.settings)" }
        return text
    }
}
