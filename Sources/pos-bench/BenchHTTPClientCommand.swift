import ArgumentParser
import Foundation
import Networking
import Yosemite

/// `pos-bench http-client` (hidden): the client side of "client CPU per request", in a process of its own.
///
/// `pos-bench sync` runs it as a child process beside `scripts/bench/baseline.py --sync cpu-raw`, so both clients are
/// measured the same way: a fresh process, one warm-up request not counted (the event loop, the connection pool,
/// Python's opener), then N sequential trimmed page GETs (on the network's preferred executor, as the catalog sync
/// fetches pages) whose whole bodies are read, timed with `getrusage` of
/// the process (user + system, every thread). Measured inside the bench process instead, the figure also carried
/// whatever else that process was doing at the time (the earlier sections' leftovers).
struct BenchHTTPClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-client",
        abstract: "Page GETs through pos's HTTP client, printing the process's CPU (used by pos-bench sync).",
        shouldDisplay: false
    )

    @Option(help: "The site, e.g. http://127.0.0.1:PORT (the password comes from POS_BENCH_PASSWORD).")
    var site: String

    @Option(help: "The user name.")
    var username: String

    @Option(help: "Page GETs to time.")
    var requests = 40

    @Flag(help: "Decode each page into pos's models (ProductsRemote), as the sync does.")
    var decode = false

    struct Output: Codable {
        var requests: Int
        var cpuSeconds: Double
        var seconds: Double
    }

    func run() async throws {
        let password = ProcessInfo.processInfo.environment["POS_BENCH_PASSWORD"] ?? ""
        let network = HTTPClientNetwork(credentials: Credentials(
            site: try SiteAddress(site), username: username, applicationPassword: password))
        let fields = CatalogSyncConfiguration.productFields
        let decode = decode
        func get(_ page: Int) async throws {
            if decode {
                _ = try await ProductsRemote(network: network).loadProducts(.init(page: page, perPage: 100, fields: fields))
            } else {
                _ = try await network.response(for: RESTRequest.wooCommerce(
                    .get, "products", query: ["per_page": "100", "page": String(page), "_fields": fields.joined(separator: ",")]))
            }
        }
        try await get(1)  // warm-up, not counted
        let clock = ContinuousClock()
        let start = clock.now
        let before = SyncBenchmark.processCPUSeconds()
        // On the executor the network prefers, as the catalog sync's page fetches run (Python's client is one
        // thread too): what is counted is the client, not a hop to its thread and back.
        try await withTaskExecutorPreference(network.preferredTaskExecutor) {
            for page in 1...requests { try await get(page) }
        }
        let cpu = SyncBenchmark.processCPUSeconds() - before
        let elapsed = start.duration(to: clock.now)
        try Console.json(Output(requests: requests, cpuSeconds: cpu,
                                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
    }
}
