import Composition
import Foundation
import Networking
import POSFoundation
import Storage
import Yosemite
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sync section of `pos-bench`: pull and push against `woo-test-server --store-costs` (a real store's
/// per-request, per-item and per-order costs, as many workers as cores, `Connection: close`), pos beside the
/// naive client (sequential, full fields; one POST per order) and the best client (trimmed, 2 in flight;
/// batches of 25, 2 in flight), both from scripts/bench/baseline.py, in the same run on the same server; and
/// the client CPU per request of pos's HTTP client, of URLSession (the client it replaced) and of Python.
@MainActor
struct SyncBenchmark {
    let testServer: URL
    let python: PythonBaseline?
    let directory: URL
    /// Products on the store (every 100th variable with 5 variations).
    let products: Int
    /// Sales pushed by each client.
    let orders: Int
    /// Sequential page GETs for the CPU per request.
    let cpuRequests: Int
    let progress: (String) -> Void

    struct Client: Encodable {
        var seconds: Double
        var requests: Int
        var cpuSeconds: Double
    }

    struct Comparison: Encodable {
        var pos: Client
        var naive: Client?
        var best: Client?
        /// pos's time over the best client's (≤ 1.10 is the goal).
        var posOverBest: Double?
        /// The naive client's time over pos's (above 1: pos is faster).
        var naiveOverPos: Double?
    }

    struct CPUPerRequest: Encodable {
        var requests: Int
        /// Milliseconds of the client's CPU per page GET, the HTTP client alone (body read, not decoded).
        var posMilliseconds: Double
        var urlSessionMilliseconds: Double
        var pythonMilliseconds: Double?
        /// The same with the page decoded: pos into its typed models, Python with `json`.
        var posDecodedMilliseconds: Double
        var pythonDecodedMilliseconds: Double?
    }

    struct Result: Encodable {
        var products: Int
        var variations: Int
        var orders: Int
        var pull: Comparison
        var push: Comparison
        var cpu: CPUPerRequest
        /// Orders on the server after the three pushes, and client uuids found more than once (must be 0).
        var serverOrders: Int
        var duplicateOrders: Int
        /// `/proc/loadavg` 1-minute load at the start and the end of the section.
        var loadAtStart: Double
        var loadAtEnd: Double
    }

    func run() async throws -> Result {
        let loadAtStart = Self.load()
        progress("sync: starting woo-test-server --store-costs with \(products) generated products")
        let server = try BenchTestServer(
            executable: testServer, extraArguments: ["--store-costs", "--generate-products", String(products)])
        defer { server.stop() }

        // pos: a full catalog pull into a fresh data directory (login first, not timed).
        let environment = try AppEnvironment.live(dataDirectory: directory, logger: BenchSuite.quietLogger)
        let manager = StoresManager(environment: environment)
        _ = try await manager.login(siteURL: server.site, username: server.username, applicationPassword: server.password)
        progress("sync: pull, pos (full catalog sync)")
        let (report, posPull) = try await measure(server) {
            try await manager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
        }
        var pull = Comparison(pos: posPull)
        if let python {
            // The best client right after pos, the naive one after both: the two compared within 10 % run a few
            // seconds apart instead of the naive client's ~40 s, so the machine's drift weighs less between them.
            progress("sync: pull, best client (trimmed, 2 in flight)")
            pull.best = try await client(python.sync("pull-best", server: server))
            progress("sync: pull, naive client (sequential, full fields)")
            pull.naive = try await client(python.sync("pull-naive", server: server))
        }
        pull.posOverBest = pull.best.map { posPull.seconds / max($0.seconds, 1e-9) }
        pull.naiveOverPos = pull.naive.map { $0.seconds / max(posPull.seconds, 1e-9) }

        // pos: cash sales of a generated product, then one sync of the outbox (sales not timed).
        progress("sync: push, pos (\(orders) cash sales)")
        let cart = Cart(items: [Cart.Item(code: "GEN-1", quantity: 1)])
        for _ in 0..<orders {
            _ = try await manager.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }
        }
        let bodies = directory.appendingPathComponent("sync-orders.json")
        try await environment.database.exportCreateOrderBodies(to: bodies)
        let network = environment.makeNetwork(Credentials(
            site: try SiteAddress(server.site), username: server.username, applicationPassword: server.password))
        let engine = SyncEngine(environment: environment, network: network, configuration: .init(randomSeed: 1))
        let (summary, posPush) = try await measure(server) { try await engine.sync(maxWait: .seconds(60)) }
        guard summary.sent == orders, summary.remaining == 0, summary.parked == 0 else {
            throw BenchError("pos's push did not deliver everything: sent \(summary.sent) of \(orders), \(summary.lastError ?? "")")
        }
        var push = Comparison(pos: posPush)
        if let python {
            progress("sync: push, best client (batches of 25, 2 in flight)")
            let best = try await python.sync("push-best", server: server, orders: bodies)
            progress("sync: push, naive client (one POST per order)")
            let naive = try await python.sync("push-naive", server: server, orders: bodies)
            guard naive.failures == 0, best.failures == 0 else { throw BenchError("a Python push failed orders") }
            push.naive = client(naive)
            push.best = client(best)
        }
        push.posOverBest = push.best.map { posPush.seconds / max($0.seconds, 1e-9) }
        push.naiveOverPos = push.naive.map { $0.seconds / max(posPush.seconds, 1e-9) }
        let (serverOrders, duplicates) = try await orderCounts(server)

        progress("sync: client CPU per request, \(cpuRequests) page GETs each, pos and Python alternating \(Self.cpuRounds) times")
        let cpu = try await cpuPerRequest(server)
        return Result(
            products: report.productsStored, variations: report.variationsStored, orders: orders, pull: pull,
            push: push, cpu: cpu, serverOrders: serverOrders, duplicateOrders: duplicates, loadAtStart: loadAtStart,
            loadAtEnd: Self.load())
    }

    // MARK: - Measuring

    private func measure<Value>(_ server: BenchTestServer, _ body: () async throws -> Value) async throws -> (Value, Client) {
        let requestsBefore = try await server.requestCount()
        let cpuBefore = Self.processCPUSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        let seconds = start.duration(to: clock.now).seconds
        let cpu = Self.processCPUSeconds() - cpuBefore
        let requests = try await server.requestCount() - requestsBefore
        return (value, Client(seconds: seconds, requests: requests, cpuSeconds: cpu))
    }

    private func client(_ run: PythonBaseline.SyncRun) -> Client {
        Client(seconds: run.seconds, requests: run.requests, cpuSeconds: run.cpuSeconds)
    }

    /// The same trimmed page GETs through pos's network (a child `pos-bench http-client`), URLSession and Python.
    ///
    /// pos and Python are each measured the same way, in a fresh process of their own: one warm-up request not
    /// counted, then `count` sequential GETs with the whole body read (and, for the decoded figure, decoded),
    /// the process's user + system CPU over them. The HTTP-alone figures are the median of ``cpuRounds`` rounds
    /// that alternate pos and Python, so a machine that speeds up or slows down during the section (this one
    /// drifts by 2–3× within an hour) weighs on both alike; one run of each, minutes apart, gave 0.89× to 1.12×
    /// for the same code. URLSession (the client pos replaced) is measured once, in this process, last: it burns
    /// seconds of CPU that would heat the figures after it.
    private func cpuPerRequest(_ server: BenchTestServer) async throws -> CPUPerRequest {
        let count = cpuRequests
        let fields = CatalogSyncConfiguration.productFields
        func perRequest(_ run: PythonBaseline.SyncRun?) -> Double? {
            run.map { $0.cpuSeconds / Double(max($0.requests, 1)) * 1_000 }
        }
        func median(_ values: [Double]) -> Double? {
            let sorted = values.sorted()
            return sorted.isEmpty ? nil : sorted[sorted.count / 2]
        }
        var posRounds: [Double] = []
        var pythonRounds: [Double] = []
        for _ in 0..<Self.cpuRounds {
            posRounds.append(try await Self.httpClientChild(server, requests: count, decode: false))
            if let baseline = self.python, let python = perRequest(try await baseline.sync("cpu-raw", server: server, requests: count)) {
                pythonRounds.append(python)
            }
        }
        let posDecoded = try await Self.httpClientChild(server, requests: count, decode: true)
        var pythonDecoded: PythonBaseline.SyncRun?
        if let baseline = self.python {
            pythonDecoded = try await baseline.sync("cpu", server: server, requests: count)
        }

        let session = URLSession(configuration: .ephemeral)
        let authorization = "Basic " + Data("\(server.username):\(server.password)".utf8).base64EncodedString()
        let before = Self.processCPUSeconds()
        for page in 1...count {
            var request = URLRequest(url: URL(string: server.site
                + "/wp-json/wc/v3/products?per_page=100&page=\(page)&_fields=" + fields.joined(separator: ","))!)
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            _ = try await session.data(for: request)
        }
        let urlSession = (Self.processCPUSeconds() - before) / Double(count) * 1_000
        session.finishTasksAndInvalidate()

        return CPUPerRequest(
            requests: count, posMilliseconds: median(posRounds) ?? 0, urlSessionMilliseconds: urlSession,
            pythonMilliseconds: median(pythonRounds), posDecodedMilliseconds: posDecoded,
            pythonDecodedMilliseconds: perRequest(pythonDecoded))
    }

    /// Alternating rounds of pos and Python behind the HTTP-alone CPU figures (their medians).
    nonisolated static let cpuRounds = 3

    /// Milliseconds of CPU per request of `pos-bench http-client` run as a child of this process.
    private static func httpClientChild(_ server: BenchTestServer, requests: Int, decode: Bool) async throws -> Double {
        let data = try await Executables.output(
            of: Executables.current,
            ["http-client", "--site", server.site, "--username", server.username, "--requests", String(requests)]
                + (decode ? ["--decode"] : []),
            adding: ["POS_BENCH_PASSWORD": server.password])
        let run = try JSONDecoder().decode(BenchHTTPClientCommand.Output.self, from: data)
        return run.cpuSeconds / Double(max(run.requests, 1)) * 1_000
    }

    /// Orders on the server, and client uuids that more than one order carries.
    private func orderCounts(_ server: BenchTestServer) async throws -> (Int, Int) {
        let state = try await server.state()
        let orders = state["orders"] as? [[String: Any]] ?? []
        var seen: [String: Int] = [:]
        for order in orders {
            let meta = order["meta_data"] as? [[String: Any]] ?? []
            if let uuid = meta.first(where: { $0["key"] as? String == Order.clientUUIDMetaKey })?["value"] as? String {
                seen[uuid, default: 0] += 1
            }
        }
        return (orders.count, seen.values.filter { $0 > 1 }.count)
    }

    /// This process's user + system CPU time in seconds (`getrusage`).
    nonisolated static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    nonisolated static func load() -> Double {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
            .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) } ?? 0
    }
}

extension SyncBenchmark.Result {
    /// The section's rows of the bench table: measure, pos, and the Python clients.
    var rows: [(String, String, String)] {
        func s(_ value: Double) -> String { String(format: "%.2f s", value) }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "–" }
        func python(_ comparison: SyncBenchmark.Comparison) -> String {
            guard let naive = comparison.naive, let best = comparison.best else { return "–" }
            return "naive \(s(naive.seconds)) (\(naive.requests) requests); best \(s(best.seconds)) (\(best.requests) requests)"
        }
        return [
            ("sync: pull \(products) products + \(variations) variations, store-like server",
             "\(s(pull.pos.seconds)) (\(pull.pos.requests) requests)", python(pull)),
            ("sync: pull, pos / best; naive / pos", "\(ratio(pull.posOverBest)); \(ratio(pull.naiveOverPos))", ""),
            ("sync: push \(orders) cash sales, store-like server",
             "\(s(push.pos.seconds)) (\(push.pos.requests) requests)", python(push)),
            ("sync: push, pos / best; naive / pos", "\(ratio(push.posOverBest)); \(ratio(push.naiveOverPos))", ""),
            ("sync: orders on the server after 3 pushes; client uuids twice", "\(serverOrders); \(duplicateOrders)", ""),
            ("sync: HTTP client CPU per page GET (pos; URLSession)",
             String(format: "%.2f ms; %.2f ms", cpu.posMilliseconds, cpu.urlSessionMilliseconds),
             cpu.pythonMilliseconds.map { String(format: "%.2f ms", $0) } ?? "–"),
            ("sync: client CPU per page GET with decoding (pos models; Python json)",
             String(format: "%.2f ms", cpu.posDecodedMilliseconds),
             cpu.pythonDecodedMilliseconds.map { String(format: "%.2f ms", $0) } ?? "–"),
            ("sync: load average at start / end of the section", String(format: "%.2f / %.2f", loadAtStart, loadAtEnd), ""),
        ]
    }
}
