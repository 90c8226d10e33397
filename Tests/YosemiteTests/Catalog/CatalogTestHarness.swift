import Foundation
import GRDB
import Logging
import Networking
import POSFoundation
import Storage
import Synchronization
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// A seeded WooTestServer with its own settable clock, a scratch database and a synchronizer against them.
final class CatalogTestHarness {
    let server: WooTestServer
    let serverNow: ServerClock
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let clock: ManualClock
    let credentials: Credentials
    /// Objects the test needs alive (a dispatcher holds its stores weakly).
    var keepAlive: [AnyObject] = []

    init(seedDemo: Bool = true) throws {
        let serverNow = ServerClock()
        self.serverNow = serverNow
        server = WooTestServer(configuration: .init(now: { serverNow.now }))
        let url = try server.start()
        if seedDemo { server.seedDemoStore() }
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork)
        clock = ManualClock()
        environment.clock = clock
        self.environment = environment
        credentials = Credentials(
            site: try SiteAddress(url.absoluteString), username: "manager", applicationPassword: "good-pass")
    }

    func tearDown() {
        server.stop()
        directory.remove()
    }

    var network: any Network { AppEnvironment.liveNetwork(credentials) }

    /// Moves the server's clock (and so `date_modified` of what changes next) forward.
    func advanceServerClock(by seconds: TimeInterval) {
        serverNow.advance(by: seconds)
    }

    func synchronizer(
        _ configuration: CatalogSyncConfiguration = CatalogSyncConfiguration(), network: (any Network)? = nil
    ) -> CatalogSynchronizer {
        CatalogSynchronizer(
            network: network ?? self.network, database: environment.database, currency: .eur, clock: clock,
            now: environment.now,
            logger: environment.logger, configuration: configuration)
    }

    func productCount() async throws -> Int {
        try await environment.database.read { db in try Storage.ProductRecord.fetchCount(db) }
    }

    func product(id: Int64) async throws -> Storage.ProductRecord? {
        try await environment.database.read { db in try Storage.ProductRecord.fetchOne(db, key: id) }
    }
}

/// The test server's clock: fixed until a test moves it.
final class ServerClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_790_000_000))

    var now: Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
