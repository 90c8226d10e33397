import Composition
import Foundation
import Networking
import POSFoundation
import Storage
import Yosemite
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sync section of `pos-bench`: pull and push against `woo-test-server --store-costs` (a real store's costs
/// per request kind, as many workers as cores, `Connection: close`), pos beside the naive client (sequential, full
/// fields; one POST per order) and the best client (trimmed, 2 in flight; batches of 25, 2 in flight), both from
/// scripts/bench/baseline.py, in the same run on the same server, pos and the best client alternating who goes
/// first over ``rounds`` rounds; the store CPU each client made the server spend (what the server's ledger charged
/// it, `GET /__test/costs` before and after, and the test server process's own CPU beside it); and the client CPU
/// per request of pos's HTTP client, of URLSession (the client it replaced) and of Python.
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
    /// Rounds of pull and push: pos and the best client alternate who goes first; the naive client runs once, in
    /// the first round (it takes 2–3× as long and is compared only loosely).
    let rounds: Int
    let progress: (String) -> Void

    struct Client: Encodable {
        var seconds: Double
        var requests: Int
        var cpuSeconds: Double
        /// The store CPU the client made the server spend: what `--store-costs` charged it (`GET /__test/costs`,
        /// before and after), per the real store's measured cost of each request kind.
        var serverCPUSeconds: Double = 0
        /// The test server process's own CPU over the same span (building the answers), from /proc.
        var serverProcessCPUSeconds: Double = 0
        /// Products + variations pulled, or orders pushed.
        var items: Int = 0
        /// Store CPU per item (product or order), in milliseconds.
        var serverCPUPerItemMilliseconds: Double { serverCPUSeconds * 1_000 / Double(max(items, 1)) }

        /// The mean of several rounds.
        static func mean(_ runs: [Client]) -> Client? {
            guard !runs.isEmpty else { return nil }
            let n = Double(runs.count)
            return Client(
                seconds: runs.map(\.seconds).reduce(0, +) / n,
                requests: runs.map(\.requests).reduce(0, +) / runs.count,
                cpuSeconds: runs.map(\.cpuSeconds).reduce(0, +) / n,
                serverCPUSeconds: runs.map(\.serverCPUSeconds).reduce(0, +) / n,
                serverProcessCPUSeconds: runs.map(\.serverProcessCPUSeconds).reduce(0, +) / n,
                items: runs.map(\.items).reduce(0, +) / runs.count)
        }

        enum CodingKeys: String, CodingKey {
            case seconds, requests, cpuSeconds, serverCPUSeconds, serverProcessCPUSeconds, items
            case serverCPUPerItemMilliseconds
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(requests, forKey: .requests)
            try container.encode(cpuSeconds, forKey: .cpuSeconds)
            try container.encode(serverCPUSeconds, forKey: .serverCPUSeconds)
            try container.encode(serverProcessCPUSeconds, forKey: .serverProcessCPUSeconds)
            try container.encode(items, forKey: .items)
            try container.encode(serverCPUPerItemMilliseconds, forKey: .serverCPUPerItemMilliseconds)
        }
    }

    struct Comparison: Encodable {
        var pos: Client
        var naive: Client?
        var best: Client?
        /// pos's time over the best client's, over every round (≤ 1/0.95 is the goal: ≥ 95 % of the best).
        var posOverBest: Double?
        /// The naive client's time over pos's (above 1: pos is faster).
        var naiveOverPos: Double?
        /// Each round's pos and best seconds, in the order they ran.
        var rounds: [[String: Double]] = []

        init(pos: [Client], best: [Client], naive: Client?, order: [[String: Double]]) {
            self.pos = Client.mean(pos) ?? Client(seconds: 0, requests: 0, cpuSeconds: 0)
            self.best = Client.mean(best)
            self.naive = naive
            let posSeconds = pos.map(\.seconds).reduce(0, +)
            posOverBest = best.isEmpty ? nil : posSeconds / max(best.map(\.seconds).reduce(0, +), 1e-9)
            naiveOverPos = naive.map { $0.seconds / max(self.pos.seconds, 1e-9) }
            rounds = order
        }
    }

    /// An incremental pull (`modified_after` the last one) after every 100th product's price changed on the store.
    struct Incremental: Encodable {
        var seconds: Double
        var requests: Int
        /// Prices changed on the store, and the products and variations the pull stored.
        var changed: Int
        var productsStored: Int
        var variationsStored: Int
        /// The incremental pull's time over the full pull's (pos's mean): ≤ 0.05 is the goal.
        var fractionOfFull: Double
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
        var rounds: Int
        var pull: Comparison
        /// pos's incremental pull after 1 % of the store's prices changed, against its full pull.
        var incremental: Incremental
        var push: Comparison
        var cpu: CPUPerRequest
        /// Orders on the server after every push, the orders expected, and client uuids found more than once
        /// (must be 0).
        var serverOrders: Int
        var expectedServerOrders: Int
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
        // The generated catalog was modified when the server started; a real store's products were modified long
        // before a till's first sync. The store's clock moves an hour on, so the incremental pull below sees what
        // changed after the full pull, not the whole catalog within its `modified_after` skew (2 minutes).
        _ = try await server.post("/__test/clock", ["advance_seconds": 3600])

        // Pull: each round a full catalog sync by pos into a fresh data directory (login first, not timed) and one
        // by the best client, who goes first alternating; the naive client once, after the first round's two.
        var posPulls: [Client] = []
        var bestPulls: [Client] = []
        var naivePull: Client?
        var pullOrder: [[String: Double]] = []
        var report: CatalogSyncReport?
        var manager: StoresManager?
        var environment: AppEnvironment?
        for round in 0..<rounds {
            let posFirst = round % 2 == 0
            var runs: [String: Double] = [:]
            for who in posFirst ? ["pos", "best"] : ["best", "pos"] {
                if who == "pos" {
                    let roundDirectory = directory.appendingPathComponent("pull-\(round)")
                    try FileManager.default.createDirectory(at: roundDirectory, withIntermediateDirectories: true)
                    let roundEnvironment = try AppEnvironment.live(dataDirectory: roundDirectory, logger: BenchSuite.quietLogger)
                    let roundManager = StoresManager(environment: roundEnvironment)
                    _ = try await roundManager.login(
                        siteURL: server.site, username: server.username, applicationPassword: server.password)
                    progress("sync: pull round \(round + 1), pos (full catalog sync)")
                    let (pulled, measured) = try await measure(server) {
                        try await roundManager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
                    }
                    var run = measured
                    run.items = pulled.productsStored + pulled.variationsStored
                    posPulls.append(run)
                    runs["pos"] = run.seconds
                    if report == nil { (report, manager, environment) = (pulled, roundManager, roundEnvironment) }
                } else if let python {
                    progress("sync: pull round \(round + 1), best client (trimmed, 2 in flight)")
                    let run = try await measurePython(server) { try await python.sync("pull-best", server: server) }
                    bestPulls.append(run)
                    runs["best"] = run.seconds
                }
            }
            pullOrder.append(runs)
            if round == 0, let python {
                progress("sync: pull, naive client (sequential, full fields)")
                naivePull = try await measurePython(server) { try await python.sync("pull-naive", server: server) }
            }
        }
        guard let report, let manager, let environment else { throw BenchError("no pull ran") }
        let pull = Comparison(pos: posPulls, best: bestPulls, naive: naivePull, order: pullOrder)

        // Incremental: every 100th product's price changes on the store, then the first round's data directory
        // pulls again (not full: it asks for what was modified after its last pull).
        let changed = try await server.changePrices(every: 100, generated: products)
        progress("sync: incremental pull by pos after \(changed.count) prices changed")
        let (pulledAgain, incrementalRun) = try await measure(server) {
            try await manager.dispatch { CatalogSyncAction.synchronize(full: false, progress: nil, reply: $0) }
        }
        guard pulledAgain.mode == .incremental, pulledAgain.productsStored >= changed.count else {
            throw BenchError("the incremental pull stored \(pulledAgain.productsStored) products of \(changed.count) changed (\(pulledAgain.mode))")
        }
        let incremental = Incremental(
            seconds: incrementalRun.seconds, requests: incrementalRun.requests, changed: changed.count,
            productsStored: pulledAgain.productsStored, variationsStored: pulledAgain.variationsStored,
            fractionOfFull: incrementalRun.seconds / max(pull.pos.seconds, 1e-9))

        // Push: each round pos's cash sales of a generated product (not timed), then one sync of the outbox; the
        // best client pushes the same bodies (new client uuids each run), first or second alternating.
        let cart = Cart(items: [Cart.Item(code: "GEN-1", quantity: 1)])
        let bodies = directory.appendingPathComponent("sync-orders.json")
        let network = environment.makeNetwork(Credentials(
            site: try SiteAddress(server.site), username: server.username, applicationPassword: server.password))
        let engine = SyncEngine(environment: environment, network: network, configuration: .init(randomSeed: 1))
        for _ in 0..<orders {
            _ = try await manager.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }
        }
        try await environment.database.exportCreateOrderBodies(to: bodies)
        var posPushes: [Client] = []
        var bestPushes: [Client] = []
        var naivePush: Client?
        var pushOrder: [[String: Double]] = []
        var pushes = 0
        for round in 0..<rounds {
            let posFirst = round % 2 == 0
            var runs: [String: Double] = [:]
            for who in posFirst ? ["pos", "best"] : ["best", "pos"] {
                if who == "pos" {
                    if round > 0 {
                        for _ in 0..<orders {
                            _ = try await manager.dispatch {
                                OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0)
                            }
                        }
                    }
                    progress("sync: push round \(round + 1), pos (\(orders) cash sales)")
                    let (summary, measured) = try await measure(server) { try await engine.sync(maxWait: .seconds(120)) }
                    var run = measured
                    guard summary.sent == orders, summary.remaining == 0, summary.parked == 0 else {
                        throw BenchError("pos's push did not deliver everything: sent \(summary.sent) of \(orders), \(summary.lastError ?? "")")
                    }
                    run.items = orders
                    posPushes.append(run)
                    runs["pos"] = run.seconds
                    pushes += 1
                } else if let python {
                    progress("sync: push round \(round + 1), best client (batches of 25, 2 in flight)")
                    let run = try await measurePython(server) {
                        let best = try await python.sync("push-best", server: server, orders: bodies)
                        guard best.failures == 0 else { throw BenchError("the best client's push failed orders") }
                        return best
                    }
                    bestPushes.append(run)
                    runs["best"] = run.seconds
                    pushes += 1
                }
            }
            pushOrder.append(runs)
            if round == 0, let python {
                progress("sync: push, naive client (one POST per order)")
                naivePush = try await measurePython(server) {
                    let naive = try await python.sync("push-naive", server: server, orders: bodies)
                    guard naive.failures == 0 else { throw BenchError("the naive client's push failed orders") }
                    return naive
                }
                pushes += 1
            }
        }
        let push = Comparison(pos: posPushes, best: bestPushes, naive: naivePush, order: pushOrder)
        let (serverOrders, duplicates) = try await orderCounts(server)

        progress("sync: client CPU per request, \(min(cpuRequests, max(1, products / 100))) page GETs each, pos and Python alternating \(Self.cpuRounds) times")
        let cpu = try await cpuPerRequest(server)
        return Result(
            products: report.productsStored, variations: report.variationsStored, orders: orders, rounds: rounds,
            pull: pull, incremental: incremental, push: push, cpu: cpu, serverOrders: serverOrders, expectedServerOrders: pushes * orders,
            duplicateOrders: duplicates, loadAtStart: loadAtStart, loadAtEnd: Self.load())
    }

    // MARK: - Measuring

    private func measure<Value>(_ server: BenchTestServer, _ body: () async throws -> Value) async throws -> (Value, Client) {
        let requestsBefore = try await server.requestCount()
        let costsBefore = try await server.chargedCPUSeconds()
        let serverCPUBefore = server.processCPUSeconds()
        let cpuBefore = Self.processCPUSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        let seconds = start.duration(to: clock.now).seconds
        let cpu = Self.processCPUSeconds() - cpuBefore
        let serverCPU = server.processCPUSeconds() - serverCPUBefore
        let charged = try await server.chargedCPUSeconds() - costsBefore
        let requests = try await server.requestCount() - requestsBefore
        return (value, Client(seconds: seconds, requests: requests, cpuSeconds: cpu, serverCPUSeconds: charged,
                              serverProcessCPUSeconds: serverCPU))
    }

    /// A Python client's run with the server's CPU around it (its own timing and CPU are the script's).
    private func measurePython(_ server: BenchTestServer, _ body: () async throws -> PythonBaseline.SyncRun) async throws -> Client {
        let (run, around) = try await measure(server, body)
        var client = client(run)
        client.serverCPUSeconds = around.serverCPUSeconds
        client.serverProcessCPUSeconds = around.serverProcessCPUSeconds
        client.items = run.orders ?? ((run.products ?? 0) + (run.variations ?? 0))
        return client
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
        // One GET per page of 100 at most: asking past the last page is a 400 (as WooCommerce answers), which ended
        // a run on a store of fewer than 100 × cpuRequests products.
        let count = min(cpuRequests, max(1, products / 100))
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
        func percent(_ value: Double?) -> String { value.map { String(format: "%.0f %%", 100 / max($0, 1e-9)) } ?? "–" }
        func python(_ comparison: SyncBenchmark.Comparison) -> String {
            guard let naive = comparison.naive, let best = comparison.best else { return "–" }
            return "naive \(s(naive.seconds)) (\(naive.requests) requests); best \(s(best.seconds)) (\(best.requests) requests)"
        }
        func store(_ client: SyncBenchmark.Client?, _ unit: String) -> String {
            guard let client else { return "–" }
            return String(format: "%.1f s store CPU, %.1f ms per %@ (test server process %.1f s)",
                          client.serverCPUSeconds, client.serverCPUPerItemMilliseconds, unit, client.serverProcessCPUSeconds)
        }
        func storePython(_ comparison: SyncBenchmark.Comparison, _ unit: String) -> String {
            "naive " + store(comparison.naive, unit) + "; best " + store(comparison.best, unit)
        }
        let perRound = rounds > 1 ? " (mean of \(rounds) alternating rounds)" : ""
        return [
            ("sync: pull \(products) products + \(variations) variations, store-like server\(perRound)",
             "\(s(pull.pos.seconds)) (\(pull.pos.requests) requests)", python(pull)),
            ("sync: pull, pos / best (pos's share of the best's pace); naive / pos",
             "\(ratio(pull.posOverBest)) (\(percent(pull.posOverBest))); \(ratio(pull.naiveOverPos))", ""),
            ("sync: pull, the store's CPU per product", store(pull.pos, "product"), storePython(pull, "product")),
            ("sync: incremental pull after \(incremental.changed) prices changed (1 %): time, requests, stored; share of the full pull",
             String(format: "%.2f s, %d requests, %d products + %d variations; %.1f %%", incremental.seconds,
                    incremental.requests, incremental.productsStored, incremental.variationsStored,
                    incremental.fractionOfFull * 100), ""),
            ("sync: push \(orders) cash sales, store-like server\(perRound)",
             "\(s(push.pos.seconds)) (\(push.pos.requests) requests)", python(push)),
            ("sync: push, pos / best (pos's share of the best's pace); naive / pos",
             "\(ratio(push.posOverBest)) (\(percent(push.posOverBest))); \(ratio(push.naiveOverPos))", ""),
            ("sync: push, the store's CPU per order", store(push.pos, "order"), storePython(push, "order")),
            ("sync: orders on the server after every push (expected); client uuids twice",
             "\(serverOrders) (\(expectedServerOrders)); \(duplicateOrders)", ""),
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
