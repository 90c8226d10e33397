import Foundation

/// Everything `pos-bench all` measured, with the Python baseline and the ratios. Stable `--json` shape.
struct BenchSuiteResult: Encodable {
    struct ScanToCart: Encodable {
        /// Scan → `editSale` (the line added, the cart priced incrementally, persisted) → summary, per scan (ms).
        var latency: BenchCatalogResult.Latency
        /// The bench process's CPU per scan (user + system, all threads; nothing else runs in it meanwhile).
        var cpu: BenchCatalogResult.Latency
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
    /// The 1-minute load when the catalog section and the scan-to-cart section started.
    var loadAtCatalog: Double
    var loadAtSales: Double

    /// The performance goals (docs/performance.md) against this run's figures: the goal, the figure, and whether it is met.
    var goals: [(String, String, String)] {
        func met(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "–" }
        let cpu = sync.cpu
        let cpuRatio = cpu.pythonMilliseconds.map { cpu.posMilliseconds / max($0, 1e-9) }
        var rows: [(String, String, String)] = [
            ("client CPU per request, pos ≤ Python (HTTP alone; median of \(SyncBenchmark.cpuRounds) alternating rounds)",
             String(format: "%.2f ms vs %.2f ms: %.2f×", cpu.posMilliseconds, cpu.pythonMilliseconds ?? 0, cpuRatio ?? 0)
                + String(format: " (decoded %.2f ms vs %.2f ms)", cpu.posDecodedMilliseconds, cpu.pythonDecodedMilliseconds ?? 0),
             met(cpuRatio.map { $0 <= 1 })),
            ("pull ≥ 95 % of the best client's pace",
             String(format: "%.2f× the best; naive %.2f× pos", sync.pull.posOverBest ?? 0, sync.pull.naiveOverPos ?? 0),
             met(sync.pull.posOverBest.map { $0 <= 1 / 0.95 })),
            ("push ≥ 95 % of the best client's pace, every order once",
             String(format: "%.2f× the best; naive %.2f× pos; %d orders, %d uuids twice", sync.push.posOverBest ?? 0,
                    sync.push.naiveOverPos ?? 0, sync.serverOrders, sync.duplicateOrders),
             met(sync.push.posOverBest.map {
                 $0 <= 1 / 0.95 && sync.duplicateOrders == 0 && sync.serverOrders == sync.expectedServerOrders
             })),
            ("incremental pull ≤ 5 % of a full pull (1 % of the prices changed)",
             String(format: "%.1f %% (%.2f s vs %.2f s; %d requests)", sync.incremental.fractionOfFull * 100,
                    sync.incremental.seconds, sync.pull.pos.seconds, sync.incremental.requests),
             met(sync.incremental.fractionOfFull <= 0.05)),
            ("ingest ≥ 40,000 products/s", String(format: "%.0f products/s (load %.2f at the start)", catalog.productsPerSecond, loadAtCatalog),
             met(catalog.productsPerSecond >= 40_000)),
        ]
        if let ratios, let baseline {
            rows.append(("ingest ≥ 2× Python per page, same run",
                         String(format: "%.2f× (%.0f vs %.0f products/s)", ratios.ingest, catalog.productsPerSecond,
                                baseline.ingest.productsPerSecond), met(ratios.ingest >= 2)))
        }
        rows += [
            ("scan-to-cart p99 ≤ 2 ms (editSale, carts up to \(scanToCart.maxCartLines) lines)",
             String(format: "p99 %.2f ms, p50 %.2f ms (load %.2f at the start; CPU per scan p50 %.2f, p99 %.2f ms)",
                    scanToCart.latency.p99, scanToCart.latency.p50, loadAtSales, scanToCart.cpu.p50, scanToCart.cpu.p99),
             met(scanToCart.latency.p99 <= 2)),
            ("search p99 ≤ 5 ms (2–4 letter prefixes)",
             String(format: "p99 %.2f ms, p50 %.2f ms", catalog.search.p99, catalog.search.p50), met(catalog.search.p99 <= 5)),
        ]
        return rows
    }

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
            ("scan-to-cart CPU per scan p50 / p99 (the process, all threads)", pair(scanToCart.cpu), "–"),
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
        text += "\nThe goals in this run (docs/performance.md):\n\n| goal | figure | met |\n|---|---|---|\n"
        for (goal, figure, met) in goals { text += "| \(goal) | \(figure) | \(met) |\n" }
        text += "\nMachine: \(machine.cpu), \(machine.cores) cores, \(machine.memoryGigabytes) GB, "
            + "load \(machine.loadAverageAtStart) at start, "
            + (machine.loadAverageAtEnd.map { "\($0) at end" } ?? "–") + "; \(machine.system)"
        if let baseline { text += "\nBaseline: Python \(baseline.python), SQLite \(baseline.sqlite), \(baseline.settings)" }
        return text
    }
}
