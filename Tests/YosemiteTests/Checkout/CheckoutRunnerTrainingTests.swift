import Foundation
import GRDB
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// Training mode through the checkout's interpreter against a real database: the register's mode in
/// the database enters the checkout; a training sale's effects write no outbox entry, number it in the training
/// series (the receipt series untouched), start its TSE transaction in training mode, and mark its receipt.
@MainActor
@Suite struct CheckoutRunnerTrainingTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let tse = StubFiscalSigner()

    static func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = RecordingPrinter().system
        let tse = tse
        environment.makeFiscalSigner = { _ in tse }
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        try await environment.database.performAndSave { db in
            try ProductRecord(id: 11, name: "Cake", sku: "CAK", price: "10.00", regularPrice: "10.00").insert(db)
        }
    }

    private var sales: SaleService { SaleService(environment: environment) }
    private var database: AppDatabase { environment.database }

    /// Rings up a cake and pays it in cash; the completed run.
    private func sellCake() async throws -> CheckoutRun {
        let id = try #require(try await sales.runner.send(.edit(.add(Cart.Item(code: "CAK"))), to: nil).saleId)
        return try await sales.runner.send(.tenderCash(Self.eur(1_000)), to: id)
    }

    @Test("a sale made in training: no outbox entry, the training series, a training TSE transaction, TRAINING receipt")
    func trainingSale() async throws {
        // Given a register in training
        #expect(try await database.setRegisterTraining(true))

        // When a cake is sold in cash
        let run = try await sellCake()

        // Then the checkout ran the training completion, and the order is marked, local, numbered T1, unqueued
        #expect(run.effects.contains(.completeTraining) && !run.effects.contains(.complete))
        let orderId = try #require(run.completed?.orderId)
        let detail = try #require(try await database.orderDetail(id: orderId))
        #expect(detail.order.training && detail.order.state == .completed && detail.order.syncState == .local)
        #expect(detail.order.receiptNumber == 1)
        #expect(detail.outbox.isEmpty, "a training sale is never sent to the store")
        #expect(try await database.unsyncedOutboxCount() == 0)
        #expect(try await database.receiptNumbers().isEmpty, "the receipt series is untouched")
        #expect(try await database.trainingSeries(registerId: nil) == 1)
        // And its TSE transaction was started in training mode (the signers finish it as AVTraining)
        #expect(try await database.fiscalTransaction(saleId: orderId)?.mode == FiscalMode.training.rawValue)
        // And its stored receipt says TRAINING at the top and the bottom
        let receipt = try #require(try await ReceiptRepository(database: database).receipts(orderID: orderId).first)
        #expect(receipt.renderedText.contains("TRAINING: not a real sale"), "\(receipt.renderedText)")
        #expect(receipt.renderedText.contains("T000001"), "\(receipt.renderedText)")
    }

    @Test("a sale keeps its mode: switching the register does not change a recorded sale or a past one")
    func switchingKeepsSales() async throws {
        // Given a real sale opened, then the register switched into training before it is paid
        let id = try #require(try await sales.runner.send(.edit(.add(Cart.Item(code: "CAK"))), to: nil).saleId)
        #expect(try await database.setRegisterTraining(true))
        let real = try await sales.runner.send(.tenderCash(Self.eur(1_000)), to: id)

        // Then it completes as a real order with its outbox entry and receipt number 1
        let realId = try #require(real.completed?.orderId)
        let realDetail = try #require(try await database.orderDetail(id: realId))
        #expect(!realDetail.order.training && realDetail.outbox.count == 1 && realDetail.order.receiptNumber == 1)

        // When a training sale is made, then training is switched off
        let practice = try await sellCake()
        #expect(try await database.setRegisterTraining(false))
        #expect(!(try await database.setRegisterTraining(false)), "switching to the mode it has changes nothing")

        // Then the training sale is still one, and the next sale is real with the next receipt number
        let practiceId = try #require(practice.completed?.orderId)
        #expect(try #require(try await database.orderDetail(id: practiceId)).order.training)
        let next = try await sellCake()
        let nextId = try #require(next.completed?.orderId)
        let nextDetail = try #require(try await database.orderDetail(id: nextId))
        #expect(!nextDetail.order.training && nextDetail.order.receiptNumber == 2 && nextDetail.outbox.count == 1)
        #expect(try await database.receiptNumbers().map(\.number) == [1, 2], "no gap for the practice sale")
    }

    @Test("Storage keeps the line: a training sale is never completed with an outbox entry, nor a real one without")
    func storageRefusesTheWrongCompletion() async throws {
        #expect(try await database.setRegisterTraining(true))
        let practice = try #require(try await sales.runner.send(.edit(.add(Cart.Item(code: "CAK"))), to: nil).saleId)
        _ = try await database.recordCashTender(saleId: practice, tendered: Self.eur(1_000))
        await #expect(throws: SaleWriteError.training(saleId: practice)) {
            _ = try await database.completeSale(saleId: practice, cashier: "", register: nil) { _, _, _, _ in
                CompletedOrderDraft(createPayload: "{}", total: 1_000)
            }
        }
        #expect(try await database.setRegisterTraining(false))
        let real = try #require(try await sales.runner.send(.edit(.add(Cart.Item(code: "CAK"))), to: nil).saleId)
        _ = try await database.recordCashTender(saleId: real, tendered: Self.eur(1_000))
        await #expect(throws: SaleWriteError.notTraining(saleId: real)) {
            _ = try await database.completeTrainingSale(saleId: real, cashier: "", register: nil, total: 1_000)
        }
    }

    @Test("the Z report leaves training sales out of the takings and counts them apart")
    func zReport() async throws {
        #expect(try await database.setRegisterTraining(true))
        _ = try await sellCake()
        _ = try await sellCake()
        #expect(try await database.setRegisterTraining(false))
        _ = try await sellCake()
        let report = try await ShiftService(environment: environment).report(shiftId: nil)
        #expect(report.salesCount == 1 && report.grossSales == 1_000 && report.cashTaken == 1_000)
        #expect(report.trainingSales == 2)
        #expect(report.rows(format: { $0.decimalString }).contains { $0.label == "Training sales (not takings)" && $0.value == "2" })
    }
}
