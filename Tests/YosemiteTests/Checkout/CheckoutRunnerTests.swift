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
    let tse = StubFiscalSigner()

    static let ann = ManagerApproval(manager: "Ann", pin: "2468")
    static func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        let tse = tse
        environment.makeFiscalSigner = { _ in tse }
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

    /// A completed sale of one cake (10.00), paid in cash or by card (attempt "A1"); its order's id.
    private func soldCake(card: Bool = false) async throws -> Int64 {
        let id = try await openCakeSale()
        guard card else { return try #require(try await sales.runner.send(.tenderCash(Self.eur(1_000)), to: id).completed?.orderId) }
        let attempt = CheckoutInputs.CardAttempt(attemptId: "A1", reader: "sim://", previousReceiptNumber: nil)
        _ = try await sales.runner.send(.startCard(Self.eur(1_000)), to: id, CheckoutInputs(card: attempt))
        let result = PaymentResult(amount: Self.eur(1_000), traceNumber: 42, receiptNumber: 17, cardName: "girocard",
                                   maskedPAN: MaskedPAN(lastFour: "1234", length: 16))
        let approval = Checkout.CardApproval(attemptId: "A1", amount: Self.eur(1_000))
        return try #require(try await sales.runner.send(.cardApproved(approval), to: id, CheckoutInputs(cardResult: result))
            .completed?.orderId)
    }

    private static func result<T>(_ body: () async throws(OrderError) -> T) async -> Result<T, OrderError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    private func refundEntries(order orderId: Int64) async throws -> [OutboxRecord] {
        try #require(try await database.orderDetail(id: orderId)).outbox.filter { $0.kind == .createRefund }
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

    // MARK: - Refunds

    @Test func refundCash_signRefund_issueRefundReceipt_runInOrder_recordSignAndReceiptTheRefund_andOpenTheDrawer() async throws {
        // Given a cash sale
        let orderId = try await soldCake()
        let jobs = printer.jobs.withLock { $0.count }
        // When 4.00 goes back
        let run = try await sales.runner.send(.refund(Self.eur(400)), toOrder: orderId)
        // Then: the refund's outbox entry → its own TSE transaction → its receipt, printed, the drawer open
        #expect(run.effects == [.refundCash(Self.eur(400)), .sign(.refund), .issueRefundReceipt(kickDrawer: true),
                                .announce(.refunded)])
        let entries = try await refundEntries(order: orderId)
        #expect(entries.count == 1)
        #expect(entries.first?.payload.contains("\"amount\":\"4.00\"") == true)
        let movements = try await database.fiscalMovements(orderId: orderId)
        #expect(movements.map(\.kind) == [.refund] && movements.first?.state == .signed)
        #expect(tse.finished.withLock { $0.last?.payments.map(\.amount.minorUnits) } == [-400])
        let stored = try await receipts(order: orderId)
        #expect(stored.map(\.kind) == [.sale, .refund])
        let refundReceipt = try #require(stored.last)
        #expect(refundReceipt.renderedText.contains(try #require(tse.lastSignature)), "its own TSE block")
        #expect(run.receipt?.printing == .printed(printer: "thermal"))
        #expect(run.receipt?.drawerOpened == true)
        #expect(printer.jobs.withLock { $0.count } == jobs + 1)
        // And the rest goes back with nothing named, then nothing is left
        let rest = try await sales.runner.send(.refund(nil), toOrder: orderId)
        #expect(rest.effects.first == .refundCash(Self.eur(600)))
        let again = await Self.result { () async throws(OrderError) in try await sales.runner.send(.refund(nil), toOrder: orderId) }
        guard case .failure(.saleRefused(let reason)) = again else { Issue.record("expected a refusal: \(again)"); return }
        #expect(reason.contains("already fully refunded"))
        #expect(try await refundEntries(order: orderId).count == 2)
    }

    @Test func authorizeRefund_withCashiersAndNoManager_isRefused_andRecordsNothing() async throws {
        // Given a cash sale, then cashiers set up
        let orderId = try await soldCake()
        try await setUpCashiers(signIn: true)
        // When
        let refused = await Self.result { () async throws(OrderError) in try await sales.runner.send(.refund(nil), toOrder: orderId) }
        // Then
        guard case .failure(.cashier(.approvalRequired(.refund))) = refused else { Issue.record("\(refused)"); return }
        #expect(try await refundEntries(order: orderId).isEmpty)
        #expect(try await receipts(order: orderId).map(\.kind) == [.sale])
        // And with the manager's PIN the approval runs first, then the refund
        let run = try await sales.runner.send(.refund(nil), toOrder: orderId, CheckoutInputs(approval: Self.ann))
        #expect(run.effects.prefix(2) == [.authorize(.refund(Self.eur(1_000))), .refundCash(Self.eur(1_000))])
        let approvals = try await dispatcher.dispatch { CashierAction.approvals(shiftId: nil, reply: $0) }
            .filter { $0.kind == "refund" }
        #expect(approvals.map(\.reference) == ["order \(orderId)"])
    }

    @Test func collectCardRefund_thenApproved_recordCardRefund_signs_andIssuesTheReceiptWithoutTheDrawer() async throws {
        // Given a card sale
        let orderId = try await soldCake(card: true)
        let attempt = CheckoutInputs.CardAttempt(attemptId: "R1", reader: "sim://", previousReceiptNumber: 17)
        // When the refund starts: journalled before the request leaves, nothing recorded yet
        let started = try await sales.runner.send(.refund(Self.eur(250)), toOrder: orderId, CheckoutInputs(card: attempt))
        #expect(started.effects == [.collectCardRefund(Self.eur(250))])
        let row = try #require(try await database.paymentAttempt(id: "R1"))
        #expect(row.state == .requestSent && row.kind == "refund" && row.orderId == orderId && row.amount == 250)
        #expect(try await refundEntries(order: orderId).isEmpty)
        // When the terminal approves it
        let result = PaymentResult(amount: Self.eur(250), traceNumber: 43, receiptNumber: 18, cardName: "girocard")
        let approval = Checkout.CardApproval(attemptId: "R1", amount: Self.eur(250))
        let run = try await sales.runner.send(.refundApproved(approval), toOrder: orderId, CheckoutInputs(cardResult: result))
        // Then: the row approved with the outbox entry → the TSE → the receipt, no drawer
        #expect(run.effects == [.recordCardRefund(approval), .sign(.refund), .issueRefundReceipt(kickDrawer: false),
                                .announce(.refunded)])
        #expect(try await database.paymentAttempt(id: "R1")?.state == .approved)
        #expect(try await refundEntries(order: orderId).count == 1)
        #expect(try await database.fiscalMovements(orderId: orderId).map(\.state) == [.signed])
        #expect(try await receipts(order: orderId).map(\.kind) == [.sale, .cardSlip, .refund])
        #expect(run.receipt?.drawerOpened == false)
        #expect(run.refund?.card == result)
        // And the same answer again records nothing twice
        let twice = await Self.result { () async throws(OrderError) in
            try await sales.runner.send(.refundApproved(approval), toOrder: orderId, CheckoutInputs(cardResult: result))
        }
        guard case .failure(.saleRefused) = twice else { Issue.record("expected a refusal: \(twice)"); return }
        #expect(try await refundEntries(order: orderId).count == 1)
    }

    @Test func cardRefund_declinedThenUnknown_journalsEachEnd_andRefusesAnotherUntilResolved() async throws {
        // Given a card sale and a card refund the terminal declines
        let orderId = try await soldCake(card: true)
        let first = CheckoutInputs.CardAttempt(attemptId: "R1", reader: "sim://", previousReceiptNumber: nil)
        _ = try await sales.runner.send(.refund(Self.eur(300)), toOrder: orderId, CheckoutInputs(card: first))
        let declined = Checkout.CardAttemptEnd(attemptId: "R1", reason: "declined (05)")
        // When / Then
        let end = try await sales.runner.send(.refundDeclined(declined), toOrder: orderId)
        #expect(end.effects == [.journalAttempt(declined, .declined), .announce(.refundDeclined)])
        #expect(try await database.paymentAttempt(id: "R1")?.state == .declined)
        // When the next one's answer is lost
        let second = CheckoutInputs.CardAttempt(attemptId: "R2", reader: "sim://", previousReceiptNumber: nil)
        _ = try await sales.runner.send(.refund(Self.eur(300)), toOrder: orderId, CheckoutInputs(card: second))
        let lost = Checkout.CardAttemptEnd(attemptId: "R2", reason: "timeout")
        let unknown = try await sales.runner.send(.refundOutcomeUnknown(lost), toOrder: orderId)
        #expect(unknown.effects == [.journalAttempt(lost, .unknown), .announce(.outcomeUnknown)])
        #expect(try await database.paymentAttempt(id: "R2")?.state == .unknown)
        // Then another refund is refused before anything is journalled: the unknown one is resolved with the terminal
        let third = CheckoutInputs.CardAttempt(attemptId: "R3", reader: "sim://", previousReceiptNumber: nil)
        let refused = await Self.result { () async throws(OrderError) in
            try await sales.runner.send(.refund(Self.eur(300)), toOrder: orderId, CheckoutInputs(card: third))
        }
        guard case .failure(.saleRefused) = refused else { Issue.record("expected a refusal: \(refused)"); return }
        #expect(try await database.paymentAttempt(id: "R3") == nil)
        #expect(try await refundEntries(order: orderId).isEmpty)
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

/// A TSE that signs everything at once, and remembers what it finished.
final class StubFiscalSigner: FiscalSigner {
    let finished = Mutex<[FiscalReceiptData]>([])
    private let counter = Mutex(0)

    var lastSignature: String? { counter.withLock { $0 == 0 ? nil : "STUB-SIGNATURE-\($0)" } }

    func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction {
        let number = counter.withLock { $0 += 1; return $0 }
        return FiscalTransaction(id: request.saleID, number: number, revision: 1, startTime: Date(timeIntervalSince1970: 0),
                                 signatureCounter: number, mode: request.mode)
    }

    func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalTransaction {
        transaction
    }

    func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalSignature {
        finished.withLock { $0.append(receipt) }
        return signature(transaction)
    }

    func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError) -> FiscalSignature {
        signature(transaction)
    }

    func identity() async throws(FiscalError) -> FiscalTSEIdentity { throw .notConfigured }

    private func signature(_ transaction: FiscalTransaction) -> FiscalSignature {
        FiscalSignature(transactionNumber: transaction.number, signatureCounter: transaction.signatureCounter,
                        startTime: transaction.startTime, endTime: transaction.startTime, algorithm: "ecdsa-plain-SHA384",
                        timeFormat: "unixTime", signature: "STUB-SIGNATURE-\(transaction.number)", publicKey: "KEY",
                        tseSerial: "STUB-TSE", clientSerial: "STUB-CLIENT", processType: "Kassenbeleg-V1", processData: "",
                        qrCodeData: "V0;STUB", isSimulated: true)
    }
}
