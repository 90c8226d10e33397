import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import TerminalSimulator
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// An `OrderStore` and a `CardPresentPaymentsStore` on one test database, with the simulated terminal behind
/// `sim://`. Wall-clock time is live so the journal's start times and the simulator's booking times agree.
@MainActor
final class CardPaymentTestHarness {
    let directory: TestDataDirectory
    private let directoryURL: URL
    let environment: AppEnvironment
    let dispatcher = Dispatcher()
    let readers: SimulatedCardReaders
    /// The session the card store reports to, when the harness has a device monitor.
    let session: SessionEventHub?
    private var stores: [Store] = []

    init(
        script: TerminalScript = TerminalScript(prompts: [0x0A]), deviceMonitor: (any DeviceMonitor)? = nil,
        makeService: ((SimulatedCardReaders) -> @Sendable (Currency) -> any CardReaderService)? = nil
    ) async throws {
        directory = try TestDataDirectory()
        directoryURL = directory.url
        readers = SimulatedCardReaders(script: script)
        var environment = try AppEnvironment.test(directory: directory)
        environment.now = .live
        environment.makeCardReaderService = makeService?(readers) ?? readers.makeService
        environment.deviceMonitor = deviceMonitor
        self.environment = environment
        let session = deviceMonitor.map { _ in SessionEventHub(environment: environment, isDemo: false) }
        self.session = session
        stores = [OrderStore(dispatcher: dispatcher, environment: environment),
                  CardPresentPaymentsStore(dispatcher: dispatcher, environment: environment, session: session),
                  ShiftStore(dispatcher: dispatcher, environment: environment)]
        try await SettingsRepository(database: environment.database).save(OrderTestStore.settings())
        try await environment.database.performAndSave { db in
            try ProductRecord(id: 10, name: "Coffee", sku: "COF", price: "2.50", regularPrice: "2.50").insert(db)
            try ProductRecord(id: 20, name: "Cake", sku: "CAKE", price: "10.00", regularPrice: "10.00").insert(db)
        }
    }

    deinit {
        session?.stop()
        try? FileManager.default.removeItem(at: directoryURL)
    }

    var database: AppDatabase { environment.database }

    func result<A: Action, T: Sendable>(_ make: (Reply<T>) -> A) async -> Result<T, A.Failure> {
        await dispatcher.result(make)
    }

    /// An open sale: 2 coffees and a cake (15.00 + tax as the settings say).
    func openSale() async throws -> SaleSummary {
        let cart = Cart(items: [.init(code: "COF", quantity: 2), .init(code: "CAKE")])
        return try await result { OrderAction.openSale(cart: cart, reply: $0) }.get()
    }

    func collect(_ saleId: Int64, cash: Money? = nil, reader: String = "sim://",
                 onProgress: @escaping @Sendable (CardPrompt) -> Void = { _ in }) async -> Result<CardSale, CardPaymentError> {
        await result { CardPresentPaymentAction.collectPayment(saleId: saleId, cash: cash, reader: reader, prompts: onProgress, reply: $0) }
    }

    /// The sale as stored now.
    func sale(_ saleId: Int64) async throws -> SaleSummary {
        try await result { OrderAction.loadSale(reference: String(saleId), reply: $0) }.get()
    }

    /// The order of a completed sale.
    func order(ofSale saleId: Int64) async throws -> OrderRecordDetail {
        let orderId = try #require(try await sale(saleId).orderId)
        return try await detail(orderId)
    }

    func orderCount() async throws -> Int {
        try await database.read { db in try OrderRecord.all().completed().fetchCount(db) }
    }

    func detail(_ orderId: Int64) async throws -> OrderRecordDetail {
        try #require(try await database.read { db in try OrderRecord.detail(id: orderId, in: db) })
    }

    func journal() async throws -> [PaymentJournalRecord] {
        try await database.read { db in try PaymentJournalRecord.fetchAll(db) }.sorted { $0.startedAt < $1.startedAt }
    }
}
