import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The checkout's interpreter against a real database: each effect the reducer can emit has its durable
/// consequence, in the order the reducer returned them, and a refused step records nothing.
@MainActor
@Suite struct CheckoutRunnerTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let stores: [Store]

    static let ann = ManagerApproval(manager: "Ann", pin: "2468")
    static func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        stores = [OrderStore(dispatcher: dispatcher, environment: environment),
                  CashierStore(dispatcher: dispatcher, environment: environment, network: nil)]
        try await environment.database.performAndSave { db in
            try ProductRecord(id: 10, name: "Espresso", sku: "ESP", price: "2.20", regularPrice: "2.20").insert(db)
            try ProductRecord(id: 11, name: "Cake", sku: "CAK", price: "10.00", regularPrice: "10.00").insert(db)
        }
    }

    private var sales: SaleService { SaleService(environment: environment) }
    private var database: AppDatabase { environment.database }

    private func setUpCashiers(signIn: Bool) async throws {
        _ = try await dispatcher.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        _ = try await dispatcher.dispatch { CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: Self.ann, reply: $0) }
        if signIn { _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) } }
    }

    /// A recorded sale of one cake (10.00; the sample store's prices include its tax).
    private func openCakeSale() async throws -> Int64 {
        try #require(try await sales.runner.send(.edit(.add(Cart.Item(code: "CAK"))), to: nil).saleId)
    }

    private func receipts(order orderId: Int64) async throws -> [ReceiptRecord] {
        try await ReceiptRepository(database: database).receipts(orderID: orderId)
    }

    // MARK: - Each effect

    @Test func price_persistLines_signStart_announce_recordANewSale() async throws {
        // When
        let run = try await sales.runner.send(.edit(.add(Cart.Item(code: "ESP", quantity: 2))), to: nil)
        // Then
        let id = try #require(run.saleId)
        #expect(run.effects == [.price(Cart(items: [Cart.Item(code: "ESP", quantity: 2)])),
                                .persistLines(Cart(items: [Cart.Item(code: "ESP", quantity: 2)])), .sign(.start),
                                .announce(.edited)])
        let stored = try #require(try await database.sale(id: id))
        #expect(stored.order.total == run.checkout.total.minorUnits)
        #expect(run.checkout.total.minorUnits > 0)
    }

    @Test func recordCash_complete_sign_issueReceipt_runInOrder_andTheReceiptIsStoredAndPrinted() async throws {
        // Given
        let id = try await openCakeSale()
        // When
        let run = try await sales.runner.send(.tenderCash(Self.eur(5_000)), to: id)
        // Then
        #expect(run.effects == [.recordCash(Self.eur(5_000)), .complete, .sign(.finish), .issueReceipt(kickDrawer: true),
                                .announce(.completed)])
        let completed = try #require(run.completed)
        let stored = try await receipts(order: completed.orderId)
        #expect(stored.map(\.kind) == [.sale])
        #expect(stored.first?.printState == .printed)
        #expect(run.receipt?.printing == .printed(printer: "thermal"))
        #expect(run.receipt?.drawerOpened == true)
        #expect(printer.jobs.withLock { $0.count } == 1)
        let outbox = try #require(try await database.orderDetail(id: completed.orderId)).outbox
        #expect(outbox.filter { $0.kind == .createOrder }.count == 1)
    }

    @Test func issueReceipt_printerOutOfPaper_storesTheReceipt_completesTheSale_andStillOpensTheDrawer() async throws {
        // Given
        let id = try await openCakeSale()
        printer.failure.withLock { $0 = .jobFailed(printer: "thermal", jobID: nil, reason: "out of paper") }
        // When
        let run = try await sales.runner.send(.tenderCash(Self.eur(5_000)), to: id)
        // Then: the sale is complete and its receipt stored, marked failed; the drawer kick was tried on its own
        let completed = try #require(run.completed)
        let stored = try await receipts(order: completed.orderId)
        #expect(stored.first?.printState == .failed)
        guard case .failed? = run.receipt?.printing else { Issue.record("expected a failed print: \(String(describing: run.receipt))"); return }
        #expect(run.receipt?.drawerOpened == false)
    }

    @Test func issueReceipt_withPrintingOff_storesTheReceiptAndKicksTheDrawerOnItsOwn() async throws {
        // Given
        var settings = environment.appSettings()
        settings.printReceipts = false
        try environment.files.write(settings, to: environment.file(AppEnvironment.FileName.appSettings), permissions: 0o600)
        let id = try await openCakeSale()
        // When
        let run = try await sales.runner.send(.tenderCash(Self.eur(5_000)), to: id)
        // Then
        #expect(run.receipt?.printing == .off)
        #expect(run.receipt?.drawerOpened == true)
        let jobs = printer.jobs.withLock { $0 }
        #expect(jobs.count == 1, "only the drawer kick")
        #expect(try await receipts(order: try #require(run.completed).orderId).count == 1)
    }

    @Test func tender_withCashiersAndNobodySignedIn_isRefused_andRecordsNothing() async throws {
        // Given
        let id = try await openCakeSale()
        try await setUpCashiers(signIn: false)
        // When
        let result = await dispatcher.result { OrderAction.payCash(saleId: id, tendered: nil, reply: $0) }
        // Then
        guard case .failure(.cashier(.signInRequired)) = result else { Issue.record("expected sign-in required: \(result)"); return }
        let stored = try #require(try await database.sale(id: id))
        #expect(stored.tenders.isEmpty)
        #expect(stored.paid.minorUnits == 0)
        #expect(stored.order.state == .open)
    }

    @Test func authorize_aDiscountAboveTheThreshold_withoutAManager_isRefused_andPersistsNothing() async throws {
        // Given
        let id = try await openCakeSale()
        try await setUpCashiers(signIn: true)
        let before = try #require(try await database.sale(id: id))
        // When
        let refused = await dispatcher.result {
            OrderAction.editSale(saleId: id, edit: .cartDiscount(.percent(PreciseAmount(micros: 50_000_000))), reply: $0)
        }
        // Then
        guard case .failure(.cashier(.approvalRequired(.discount))) = refused else { Issue.record("\(refused)"); return }
        #expect(try await database.sale(id: id)?.order == before.order)
        // And with the manager's PIN it goes through, the approval first
        let run = try await sales.runner.send(.edit(.cartDiscount(.percent(PreciseAmount(micros: 50_000_000)))), to: id,
                                              CheckoutInputs(approval: Self.ann))
        #expect(run.effects.dropFirst().first == .authorize(.discount(off: Self.eur(500), percent: 50)))
        #expect(try await database.sale(id: id)?.order.total == 500)
    }

    @Test func collectCard_journalsTheAttempt_declined_andUnknown_journalItsEnd() async throws {
        // Given
        let id = try await openCakeSale()
        let attempt = CheckoutInputs.CardAttempt(attemptId: "A1", reader: "sim://", previousReceiptNumber: nil)
        // When
        let started = try await sales.runner.send(.startCard(Self.eur(1_000)), to: id, CheckoutInputs(card: attempt))
        // Then
        #expect(started.effects == [.collectCard(Self.eur(1_000))])
        #expect(try await database.paymentAttempt(id: "A1")?.state == .requestSent)
        // When declined
        let end = Checkout.CardAttemptEnd(attemptId: "A1", reason: "declined (05)")
        let declined = try await sales.runner.send(.cardDeclined(end), to: id)
        #expect(declined.effects == [.journalAttempt(end, .declined), .announce(.declined)])
        #expect(try await database.paymentAttempt(id: "A1")?.state == .declined)
        // When a second attempt's outcome is unknown
        let second = CheckoutInputs.CardAttempt(attemptId: "A2", reader: "sim://", previousReceiptNumber: nil)
        _ = try await sales.runner.send(.startCard(Self.eur(1_000)), to: id, CheckoutInputs(card: second))
        let unknown = Checkout.CardAttemptEnd(attemptId: "A2", reason: "timeout")
        let lost = try await sales.runner.send(.cardOutcomeUnknown(unknown), to: id)
        #expect(lost.effects == [.journalAttempt(unknown, .unknown), .announce(.outcomeUnknown)])
        #expect(try await database.paymentAttempt(id: "A2")?.state == .unknown)
        #expect(try await sales.load(id: id).unresolvedAttemptId == "A2")
    }

    @Test func recordCard_recordsTheApprovalAndCompletes_withoutTheDrawer() async throws {
        // Given
        let id = try await openCakeSale()
        let attempt = CheckoutInputs.CardAttempt(attemptId: "A1", reader: "sim://", previousReceiptNumber: nil)
        _ = try await sales.runner.send(.startCard(Self.eur(1_000)), to: id, CheckoutInputs(card: attempt))
        let result = PaymentResult(amount: Self.eur(1_000), traceNumber: 42, receiptNumber: 17, cardName: "girocard",
                                   maskedPAN: MaskedPAN(lastFour: "1234", length: 16))
        // When
        let approval = Checkout.CardApproval(attemptId: "A1", amount: Self.eur(1_000))
        let run = try await sales.runner.send(.cardApproved(approval), to: id, CheckoutInputs(cardResult: result))
        // Then
        let expected: [Checkout.Effect] = [.recordCard(approval), .complete, .sign(.finish), .issueReceipt(kickDrawer: false),
                                           .announce(.completed)]
        #expect(run.effects == expected)
        #expect(try await database.paymentAttempt(id: "A1")?.state == .approved)
        let orderId = try #require(run.completed?.orderId)
        #expect(try await receipts(order: orderId).map(\.kind) == [.sale, .cardSlip])
        #expect(run.receipt?.drawerOpened == false)
    }

    @Test func park_resume_void_runTheirWrites_andTheVoidCancelsTheTransaction() async throws {
        // Given
        let id = try await openCakeSale()
        // When / Then
        let parked = try await sales.runner.send(.park(name: "Table 4"), to: id)
        #expect(parked.effects == [.park(name: "Table 4"), .announce(.parked)])
        #expect(try await database.sale(id: id)?.order.state == .parked)
        let resumed = try await sales.runner.send(.resume, to: id)
        #expect(resumed.effects == [.resume, .announce(.resumed)])
        #expect(try await database.sale(id: id)?.order.state == .open)
        let voided = try await sales.runner.send(.void, to: id)
        #expect(voided.effects == [.void, .sign(.cancel), .announce(.voided)])
        #expect(try await database.sale(id: id)?.order.state == .voided)
    }

    @Test func recover_aCoveredSaleLeftOpen_completesItOnce_neverChargingAgain() async throws {
        // Given a sale whose cash tender was recorded but whose order never was (a crash between the two)
        let id = try await openCakeSale()
        _ = try await database.recordCashTender(saleId: id, tendered: Self.eur(1_000))
        // When the next writer starts
        let done = await sales.completeCoveredSales()
        let again = await sales.completeCoveredSales()
        // Then
        #expect(done.count == 1)
        #expect(again.isEmpty)
        #expect(try await database.sale(id: id)?.order.state == .completed)
        let order = try #require(done.first?.order)
        #expect(try await receipts(order: order.id).map(\.kind) == [.sale])
    }
}
