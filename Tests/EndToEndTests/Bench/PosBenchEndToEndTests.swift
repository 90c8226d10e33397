import Foundation
import Testing

/// `pos-bench all --quick --json` end to end: every figure is there and positive. Not a timing assertion —
/// performance is read from the command's output, never judged by a test.
struct PosBenchEndToEndTests {
    /// The figures the suite must report, as key paths into its JSON.
    static let positiveFigures = [
        "catalog.productsPerSecond", "catalog.lookup.p50", "catalog.lookup.p99", "catalog.search.p50",
        "catalog.search.p99", "scanToCart.latency.p50", "scanToCart.latency.p99", "orderCommit.p50", "orderCommit.p99",
        "drain.batch.ordersPerSecond", "drain.batch.requests", "drain.onePerRequest.ordersPerSecond",
        "drain.onePerRequest.requests", "receipt.composeAndTemplate.p50", "receipt.escpos.p50",
        "receipt.plainText.p50", "zvt.cpuPerPayment.p50", "zvt.cpuPerPayment.p99", "zvt.wireMilliseconds9600_8N2",
        "zvt.wireMilliseconds9600_8N1", "zvt.wireToCPURatio", "zvt.concert.cpuPerPayment.p50",
        "zvt.concert.wireMilliseconds9600_8N1", "coldStart.milliseconds.p50", "peakRSSMegabytes",
        "baseline.ingest.productsPerSecond", "baseline.drain.ordersPerSecond", "baseline.drainRequestsLogged",
        "ratios.ingest", "ratios.drainBatchVersusPython", "ratios.drainOnePerRequestVersusPython",
        "sync.pull.pos.seconds", "sync.pull.pos.requests", "sync.pull.naive.seconds", "sync.pull.best.seconds",
        "sync.pull.posOverBest", "sync.pull.naiveOverPos", "sync.push.pos.seconds", "sync.push.pos.requests",
        "sync.push.naive.seconds", "sync.push.best.seconds", "sync.push.posOverBest", "sync.push.naiveOverPos",
        "sync.cpu.posMilliseconds", "sync.cpu.urlSessionMilliseconds", "sync.cpu.pythonMilliseconds",
        "sync.serverOrders", "sync.pull.pos.serverCPUSeconds", "sync.pull.best.serverCPUSeconds",
        "sync.pull.naive.serverCPUSeconds", "sync.push.pos.serverCPUPerItemMilliseconds",
        "sync.push.best.serverCPUPerItemMilliseconds", "sync.push.naive.serverCPUPerItemMilliseconds",
        "sync.incremental.seconds", "sync.incremental.requests", "sync.incremental.changed",
        "sync.incremental.productsStored", "sync.incremental.fractionOfFull",
    ]

    static func value(_ path: String, in object: Any) -> Any? {
        path.split(separator: ".").reduce(Optional(object)) { current, key in
            (current as? [String: Any])?[String(key)]
        }
    }

    @Test func benchAll_quickJSON_reportsEveryFigurePositive() async throws {
        // Given a scratch directory for the suite's generated data
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }

        // When running the whole suite in its smoke-test size, with the Python baseline
        let outcome = try await PosProcess.run(
            ["all", "--quick", "--json", "--products", "500", "--directory", scratch.path],
            binary: PosProcess.benchExecutable, timeout: .seconds(900))

        // Then it exits 0 and every figure is present and positive
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
        for path in Self.positiveFigures {
            let number = Self.value(path, in: object) as? Double
            #expect((number ?? 0) > 0, "\(path) is \(String(describing: number))")
        }
        #expect(Self.value("zvt.replayMatchesWire", in: object) as? Bool == true)
        #expect(Self.value("zvt.concert.replayMatchesWire", in: object) as? Bool == true)
        let batched = try #require(Self.value("drain.batch.requests", in: object) as? Int)
        let single = try #require(Self.value("drain.onePerRequest.requests", in: object) as? Int)
        #expect(batched < single)
        #expect(Self.value("sync.duplicateOrders", in: object) as? Int == 0)
        let expectedOrders = try #require(Self.value("sync.expectedServerOrders", in: object) as? Int)
        #expect(Self.value("sync.serverOrders", in: object) as? Int == expectedOrders)
    }
}
