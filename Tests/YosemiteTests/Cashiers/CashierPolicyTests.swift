import Foundation
import GRDB
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// Cashiers on a real database: cashiers with scrypt PINs, sign-in and switching, the lock after five wrong PINs
/// (manager unlock, or the timed lock running out on the injected date), and the stores refusing refunds, voids
/// after payment, discounts above the threshold and "no sale" without a manager's PIN, each approval recorded.
@MainActor
@Suite struct CashierPolicyTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let stores: [Store]
    /// The environment's date, moved by the tests.
    let clock = LockedBox(Date(timeIntervalSince1970: 1_790_000_000))

    static let ann = ManagerApproval(manager: "Ann", pin: "2468")

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        let clock = clock
        environment.now = DateGenerator { clock.locked { $0 } }
        environment.printers = printer.system
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        stores = [ShiftStore(dispatcher: dispatcher, environment: environment),
                  OrderStore(dispatcher: dispatcher, environment: environment),
                  CashierStore(dispatcher: dispatcher, environment: environment, network: nil),
                  CardPresentPaymentsStore(dispatcher: dispatcher, environment: environment,
                                           session: SessionEventHub(environment: environment, isDemo: false))]
        try await environment.database.performAndSave { db in
            try ProductRecord(id: 10, name: "Espresso", sku: "ESP", price: "2.20", regularPrice: "2.20").insert(db)
            try ProductRecord(id: 11, name: "Cake", sku: "CAK", price: "10.00", regularPrice: "10.00").insert(db)
        }
    }

    private func setUpCashiers() async throws {
        _ = try await dispatcher.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        _ = try await dispatcher.dispatch {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: Self.ann, reply: $0)
        }
    }

    private func sell(_ code: String) async throws -> Sale {
        try await dispatcher.dispatch { OrderAction.completeSale(cart: Cart(items: [Cart.Item(code: code)]), tender: .cash(tendered: nil), reply: $0) }
    }

    // MARK: - Cashiers and PINs

    @Test func firstCashierMustBeAManager_thenAManagerApprovesEveryChange() async throws {
        let first: Result<CashierSummary, CashierError> = await dispatcher.result {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: nil, reply: $0)
        }
        #expect(first == .failure(.firstMustBeManager))
        _ = try await dispatcher.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        let unapproved: Result<CashierSummary, CashierError> = await dispatcher.result {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: nil, reply: $0)
        }
        #expect(unapproved == .failure(.approvalRequired(.cashiers)))
        let approved: Result<CashierSummary, CashierError> = await dispatcher.result {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: Self.ann, reply: $0)
        }
        #expect(try approved.get().name == "Bob")
        let bobApproves: Result<Void, CashierError> = await dispatcher.result {
            CashierAction.remove(name: "Ann", approval: ManagerApproval(manager: "Bob", pin: "1357"), reply: $0)
        }
        guard case .failure(.notManager("Bob")) = bobApproves else { Issue.record("got \(bobApproves)"); return }
        let lastManager: Result<Void, CashierError> = await dispatcher.result {
            CashierAction.remove(name: "Ann", approval: Self.ann, reply: $0)
        }
        guard case .failure(.refused) = lastManager else { Issue.record("got \(lastManager)"); return }
    }

    @Test func pinIsStoredAsSaltAndScryptOutputWithItsParameters_neverInClear() async throws {
        try await setUpCashiers()
        let rows = try await environment.database.cashiers()
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.kdf == "scrypt")
            #expect(row.kdfCost == environment.pinHashing.cost && row.kdfBlockSize == 8 && row.kdfParallelism == 1)
            #expect(row.pinSalt.count == 16)
            #expect(row.pinHash.count == 32)
        }
        #expect(rows[0].pinSalt != rows[1].pinSalt)
        // A till's PINs get the standard parameters (N = 2¹⁴, r = 8, p = 1): an environment's default and the
        // hasher's; these tests' environment sets a cheaper cost.
        let live = AppEnvironment(clock: environment.clock, now: environment.now, uuid: environment.uuid,
                                  dataDirectory: environment.dataDirectory, database: environment.database,
                                  files: environment.files, makeNetwork: environment.makeNetwork, logger: environment.logger)
        #expect(live.pinHashing == .standard && PinHasher().parameters == .standard)
        #expect(PinHasher.Parameters.standard == PinHasher.Parameters(cost: 1 << 14, blockSize: 8, parallelism: 1))
        // The same PIN twice gives two different hashes (the salt), and neither holds the PIN's text.
        let one = try await PinHasher().derive("2468"), two = try await PinHasher().derive("2468")
        #expect(one.hash != two.hash && one.parameters == .standard)
        #expect(await PinHasher.matches("2468", salt: one.salt, hash: one.hash, parameters: one.parameters))
        #expect(await !PinHasher.matches("2469", salt: one.salt, hash: one.hash, parameters: one.parameters))
        let file = try Data(contentsOf: directory.url.appendingPathComponent("pos.sqlite"))
        #expect(file.range(of: Data("2468".utf8)) == nil && file.range(of: Data("1357".utf8)) == nil)
    }

    @Test func fiveWrongPins_lock_thenAManagerUnlocks_orTheLockRunsOut() async throws {
        try await setUpCashiers()
        for attempt in 1...4 {
            let wrong: Result<CashierSession, CashierError> = await dispatcher.result { CashierAction.signIn(name: "Bob", pin: "0000", reply: $0) }
            #expect(wrong == .failure(.wrongPin(name: "Bob", attemptsLeft: 5 - attempt)))
        }
        let fifth: Result<CashierSession, CashierError> = await dispatcher.result { CashierAction.signIn(name: "Bob", pin: "0000", reply: $0) }
        #expect(fifth == .failure(.locked(name: "Bob", minutes: 15)))
        let rightButLocked: Result<CashierSession, CashierError> = await dispatcher.result { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        #expect(rightButLocked == .failure(.locked(name: "Bob", minutes: 15)))
        // A manager unlocks
        _ = try await dispatcher.dispatch { CashierAction.unlock(name: "Bob", approval: Self.ann, reply: $0) }
        let signedIn = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        #expect(signedIn.name == "Bob")
        // Locked again; 15 minutes later the lock has run out
        for _ in 1...5 { _ = await dispatcher.result { CashierAction.signIn(name: "Bob", pin: "9999", reply: $0) } as Result<CashierSession, CashierError> }
        clock.locked { $0 += 14 * 60 }
        let stillLocked: Result<CashierSession, CashierError> = await dispatcher.result { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        #expect(stillLocked == .failure(.locked(name: "Bob", minutes: 15)))
        clock.locked { $0 += 61 }
        let again = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        #expect(again.name == "Bob")
    }

    // MARK: - Sales and shifts

    @Test func noCashiers_countersWorkAsBefore() async throws {
        let sale = try await sell("ESP")
        #expect((sale.order.record.cashier ?? "") == "")
        let drawer: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result { ShiftAction.openDrawer(reason: "", printer: nil, reply: $0) }
        #expect(throws: Never.self) { try drawer.get() }
    }

    @Test func withCashiers_aSaleNeedsASignIn_andIsTheSignedInCashiers() async throws {
        try await setUpCashiers()
        let refused: Result<Sale, OrderError> = await dispatcher.result {
            OrderAction.completeSale(cart: Cart(items: [Cart.Item(code: "ESP")]), tender: .cash(tendered: nil), reply: $0)
        }
        #expect(refused == .failure(.cashier(.signInRequired)))
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let sale = try await sell("ESP")
        #expect(sale.order.record.cashier == "Bob")
    }

    @Test func switchingCashierMidShift_zReportShowsPerCashierTotalsAndTheSwitch() async throws {
        try await setUpCashiers()
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Ann", pin: "2468", reply: $0) }
        _ = try await dispatcher.dispatch { ShiftAction.open(float: "50.00", cashier: nil, reply: $0) }
        _ = try await sell("ESP")
        clock.locked { $0 += 60 }
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        _ = try await sell("CAK")
        _ = try await sell("ESP")
        let report = try await dispatcher.dispatch { ShiftAction.report(shiftId: nil, reply: $0) }
        #expect(report.cashier == "Ann")
        let totals = try #require(report.cashiers)
        #expect(totals.map(\.name) == ["Ann", "Bob"])
        #expect(totals.map(\.salesCount) == [1, 2])
        #expect(totals.map(\.grossSales) == [220, 1220])
        #expect(report.cashierSwitches?.map(\.name) == ["Bob"] || report.cashierSwitches?.map(\.name) == ["Ann", "Bob"])
        let rows = report.rows { $0.decimalString }
        #expect(rows.contains { $0.label == "Cashier Bob" && $0.value == "2 sales" })
    }

    // MARK: - Approvals

    @Test func noSale_needsAManagersPin_andTheApprovalIsRecorded() async throws {
        try await setUpCashiers()
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let refused: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result { ShiftAction.openDrawer(reason: "", printer: nil, reply: $0) }
        #expect(refused == .failure(.cashier(.approvalRequired(.noSale))))
        #expect(printer.jobs.locked { $0 }.isEmpty, "the drawer stayed shut")
        let wrong: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result {
            ShiftAction.openDrawer(reason: "", printer: nil, approval: ManagerApproval(manager: "Ann", pin: "1111"), reply: $0)
        }
        #expect(wrong == .failure(.cashier(.wrongPin(name: "Ann", attemptsLeft: 4))))
        let opened = try await dispatcher.dispatch {
            ShiftAction.openDrawer(reason: "change", printer: nil, approval: Self.ann, reply: $0)
        }
        let logged = try await environment.database.drawerOpenings(shiftId: opened.shiftId)
        #expect(logged.map(\.approvedBy) == ["Ann"])
        #expect(logged.map(\.cashier) == ["Bob"])
        let approvals = try await dispatcher.dispatch { CashierAction.approvals(shiftId: nil, reply: $0) }
        #expect(approvals.map(\.kind) == ["noSale"])
        #expect(approvals.first?.manager == "Ann" && approvals.first?.cashier == "Bob")
    }

    @Test func refund_needsAManagersPin_beforeAnyMoneyMoves() async throws {
        try await setUpCashiers()
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let sale = try await sell("CAK")
        let refused: Result<CardRefund, CardPaymentError> = await dispatcher.result {
            CardPresentPaymentAction.refund(orderId: sale.order.id, amount: nil, reader: nil, prompts: { _ in }, reply: $0)
        }
        #expect(refused == .failure(.cashier(.approvalRequired(.refund))))
        let refund = try await dispatcher.dispatch {
            CardPresentPaymentAction.refund(orderId: sale.order.id, amount: nil, reader: nil, approval: Self.ann,
                                            prompts: { _ in }, reply: $0)
        }
        #expect(refund.amount.minorUnits == 1000)
        let report = try await dispatcher.dispatch { ShiftAction.report(shiftId: nil, reply: $0) }
        #expect(report.cashiers?.first { $0.name == "Bob" }?.refunds == 1000)
        let approvals = try await dispatcher.dispatch { CashierAction.approvals(shiftId: nil, reply: $0) }
        #expect(approvals.map(\.kind) == ["refund"])
        #expect(approvals.first?.reference == "order \(sale.order.id)")
    }

    @Test func discountAboveTheThreshold_needsAManager_belowItDoesNot() async throws {
        try await setUpCashiers()
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let sale = try await dispatcher.dispatch { OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "CAK")), reply: $0) }
        let small: Result<SaleSummary, OrderError> = await dispatcher.result {
            OrderAction.editSale(saleId: sale.id, edit: .cartDiscount(.percent(PreciseAmount(decimalText: "5")!)), reply: $0)
        }
        #expect(throws: Never.self) { try small.get() }
        let large: Result<SaleSummary, OrderError> = await dispatcher.result {
            OrderAction.editSale(saleId: sale.id, edit: .cartDiscount(.amount(PreciseAmount(decimalText: "2.50")!)), reply: $0)
        }
        #expect(large == .failure(.cashier(.approvalRequired(.discount))))
        let approved = try await dispatcher.dispatch {
            OrderAction.editSale(saleId: sale.id, edit: .cartDiscount(.amount(PreciseAmount(decimalText: "2.50")!)), approval: Self.ann, reply: $0)
        }
        #expect(approved.total.minorUnits == 750)
    }

    @Test func voidingASaleThatHoldsCash_needsAManager() async throws {
        try await setUpCashiers()
        _ = try await dispatcher.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let sale = try await dispatcher.dispatch { OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "CAK")]), reply: $0) }
        let unpaid = try await dispatcher.dispatch { OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "ESP")]), reply: $0) }
        // The cash part of a split (the card part then declined): the sale holds 5.00 in cash.
        _ = try await SaleService(environment: environment).payCashPart(
            saleId: sale.id, amount: Money(minorUnits: 500, currency: .eur))
        let refused: Result<SaleSummary, OrderError> = await dispatcher.result { OrderAction.voidSale(reference: String(sale.id), reply: $0) }
        #expect(refused == .failure(.cashier(.approvalRequired(.void))))
        let plain: Result<SaleSummary, OrderError> = await dispatcher.result { OrderAction.voidSale(reference: String(unpaid.id), reply: $0) }
        #expect(throws: Never.self) { try plain.get() }
        let voided = try await dispatcher.dispatch { OrderAction.voidSale(reference: String(sale.id), approval: Self.ann, reply: $0) }
        #expect(voided.state == .voided)
    }
}
