import Composition
import Foundation
import Networking
import POSFoundation
import Storage
import Yosemite

/// Outbox drain against the test server: sales made through the order store, then sent by ``SyncEngine`` in
/// batches (its default of 25 entries a request) and one entry per request; the server's request log counts.
@MainActor
struct DrainBenchmark {
    let server: BenchTestServer
    let directory: URL
    let orders: Int

    struct Run: Encodable {
        var orders: Int
        var seconds: Double
        var ordersPerSecond: Double
        /// REST requests the server logged during the drain.
        var requests: Int
        /// Outbox entries sent (one paid create per order).
        var entriesSent: Int
    }

    struct Result: Encodable {
        var batch: Run
        var onePerRequest: Run
    }

    /// Runs both drains; writes the create-order bodies of the first set to `exportBodies` for the baseline.
    func run(exportBodies: URL) async throws -> Result {
        let environment = try AppEnvironment.live(dataDirectory: directory, logger: BenchSuite.quietLogger)
        let manager = StoresManager(environment: environment)
        _ = try await manager.login(siteURL: server.site, username: server.username,
                                    applicationPassword: server.password)
        _ = try await manager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
        let network = environment.makeNetwork(Credentials(
            site: try SiteAddress(server.site), username: server.username, applicationPassword: server.password))

        try await sell(orders, manager)
        try await environment.database.exportCreateOrderBodies(to: exportBodies)
        let batch = try await drain(environment, network, batchSize: SyncEngine.Configuration().batchSize)

        try await sell(orders, manager)
        let single = try await drain(environment, network, batchSize: 1)
        return Result(batch: batch, onePerRequest: single)
    }

    /// Cash sales of two filter coffees (a product without stock management) through `completeSale`.
    private func sell(_ count: Int, _ manager: StoresManager) async throws {
        let cart = Cart(items: [Cart.Item(code: "COF-FIL", quantity: 2)])
        for _ in 0..<count {
            _ = try await manager.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }
        }
    }

    private func drain(_ environment: AppEnvironment, _ network: any Network, batchSize: Int) async throws -> Run {
        let engine = SyncEngine(environment: environment, network: network,
                                configuration: .init(batchSize: batchSize, randomSeed: 1))
        let before = try await server.requestCount()
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try await engine.sync(maxWait: .seconds(30))
        let elapsed = start.duration(to: clock.now)
        let after = try await server.requestCount()
        guard summary.remaining == 0, summary.parked == 0, summary.sent == orders else {
            throw BenchError("""
                the drain did not deliver everything: sent \(summary.sent), remaining \(summary.remaining), \
                parked \(summary.parked) (\(summary.lastError ?? "no error"))
                """)
        }
        let seconds = elapsed.seconds
        return Run(orders: orders, seconds: seconds, ordersPerSecond: Double(orders) / max(seconds, 1e-9),
                   requests: after - before, entriesSent: summary.sent)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double` (for reports only).
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    /// The duration in milliseconds, as a `Double` (for reports only).
    var milliseconds: Double { seconds * 1_000 }
}
