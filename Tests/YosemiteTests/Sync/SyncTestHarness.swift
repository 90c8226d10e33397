import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Synchronization
import WooTestServer
@testable import Yosemite
import YosemiteTestSupport

/// A test server with a shop manager, a scratch data directory and a product to sell, for sync tests.
struct SyncTestHarness {
    let server: WooTestServer
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let network: InterceptingNetwork
    let clock: ManualClock
    /// A zero-rate product (no tax), stock managed.
    let productID: Int64

    init(stock: Int64 = 100_000) throws {
        server = WooTestServer()
        let url = try server.start()
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        let credentials = Credentials(site: try SiteAddress(url.absoluteString), username: "manager",
                                      applicationPassword: "good-pass")
        network = InterceptingNetwork(base: HTTPClientNetwork(credentials: credentials, timeout: .seconds(10)))
        directory = try TestDataDirectory()
        environment = try AppEnvironment.test(directory: directory)
        clock = environment.clock as? ManualClock ?? ManualClock()
        productID = server.addProduct(name: "Sync Mug", regularPrice: "4.00", taxClass: "zero-rate",
                                      stockQuantity: stock).id
    }

    func engine(batchSize: Int = 25, seed: UInt64 = 7) -> SyncEngine {
        SyncEngine(environment: environment, network: network,
                   configuration: .init(batchSize: batchSize, randomSeed: seed))
    }

    /// Sells `count` cash sales of one product at 4.00 through `OrderStore` (the real sale path), the product
    /// known locally at 4.00 without tax whatever the store says about it.
    @discardableResult
    func sell(_ count: Int = 1, productID: Int64? = nil, quantity: Int = 1) async throws -> [Storage.OrderRecord] {
        let id = productID ?? self.productID
        let database = environment.database
        let settings = StoreSettings(
            storeName: "Sync", siteURL: "http://localhost", currency: .eur, moneyFormat: .standard(for: .eur),
            address: StoreAddress(country: "DE"), taxes: TaxOptions(calculateTaxes: true, pricesIncludeTax: false))
        try await SettingsRepository(database: database).save(settings)
        try await database.performAndSave { db in
            if try ProductRecord.find(id: id, in: db) == nil {
                try ProductRecord(id: id, name: "Product \(id)", sku: "SYNC-\(id)", price: "4.00", regularPrice: "4.00",
                                  taxClass: "zero-rate").insert(db)
            }
        }
        return try await Self.completeSales(count, sku: "SYNC-\(id)", quantity: quantity, environment: environment)
    }

    @MainActor
    private static func completeSales(
        _ count: Int, sku: String, quantity: Int, environment: AppEnvironment
    ) async throws -> [Storage.OrderRecord] {
        let dispatcher = Dispatcher()
        let store = OrderStore(dispatcher: dispatcher, environment: environment)
        defer { withExtendedLifetime(store) {} }
        var orders: [Storage.OrderRecord] = []
        for _ in 0..<count {
            let cart = Cart(items: [.init(code: sku, quantity: quantity)])
            let sale = try await dispatcher.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }
            orders.append(sale.order.record)
        }
        return orders
    }

    /// How many orders on the server carry this client UUID.
    func serverCount(of uuid: ClientUUID) -> Int {
        server.orders().filter { order in
            order.metaData.contains { $0.key == Order.clientUUIDMetaKey && $0.value.stringValue == uuid.description }
        }.count
    }

    /// The local order as stored now.
    func stored(_ order: Storage.OrderRecord) async throws -> Storage.OrderRecord? {
        let id = order.id ?? 0
        return try await environment.database.read { db in try Storage.OrderRecord.find(id: id, in: db) }
    }

    /// Queues a `.markPaid` entry for a sale as versions before the paid create did (create, then mark paid):
    /// such rows stay in merchants' databases and must still be sent after their create.
    func enqueueLegacyMarkPaid(for order: Storage.OrderRecord) async throws {
        let uuid = order.clientUUID.description
        let payload = #"{"payment_method":"cod","payment_method_title":"Cash","set_paid":true,"transaction_id":"\#(uuid)"}"#
        try await environment.database.performAndSave { db in
            try OutboxRecord.enqueue(.markPaid, orderId: order.id, entityId: uuid, payload: payload, in: db)
        }
    }

    func outbox() async throws -> [OutboxRecord] {
        try await environment.database.read { db in try OutboxRecord.all().inQueueOrder().fetchAll(db) }
    }

    func stop() {
        server.stop()
        directory.remove()
    }
}

/// The live network with switches: pretend the cable is out, cancel the sending task right after the store
/// answered (a crash after commit), or hold requests at a gate.
final class InterceptingNetwork: Network {
    private struct Switches {
        var offline = false
        var cancelAfterPathSuffix: String?
        var gate: Gate?
    }

    let base: any Network
    private let switches = Mutex(Switches())

    init(base: any Network) { self.base = base }

    func setOffline(_ offline: Bool) { switches.withLock { $0.offline = offline } }
    func cancelTask(afterResponseTo suffix: String) { switches.withLock { $0.cancelAfterPathSuffix = suffix } }
    func hold(at gate: Gate?) { switches.withLock { $0.gate = gate } }

    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        let current = switches.withLock { $0 }
        if current.offline { throw .connectionRefused(host: "127.0.0.1") }
        if let gate = current.gate { await gate.pass() }
        let response = try await base.response(for: request)
        if let suffix = current.cancelAfterPathSuffix, request.path.hasSuffix(suffix) {
            switches.withLock { $0.cancelAfterPathSuffix = nil }
            withUnsafeCurrentTask { $0?.cancel() }
        }
        return response
    }
}

/// Holds whoever passes until opened, and tells the test when someone arrived.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrivals: [CheckedContinuation<Void, Never>] = []
    private var arrived = false

    func pass() async {
        arrived = true
        arrivals.forEach { $0.resume() }
        arrivals = []
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func waitForArrival() async {
        guard !arrived else { return }
        await withCheckedContinuation { arrivals.append($0) }
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}
