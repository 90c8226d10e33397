import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import Synchronization
import TerminalSimulator
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The receipt store against a real database and a recording printer. Every order is a sale made through the
/// checkout (`OrderAction`, and `CardPresentPaymentAction` on the simulated terminal behind `sim://`), on a
/// register that does not print by itself (`printReceipts` off), so each sale leaves its receipt stored, not yet
/// printed, for the receipt actions under test.
@MainActor
@Suite struct ReceiptStoreTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let stores: [Store]
    let store: ReceiptStore

    /// The card the terminal reads: a debit Mastercard (AID A0000000041010) held to the reader, PIN verified
    /// online. The terminal sends no slip of its own, so the receipts print the card fields themselves.
    static let card: TestCard = {
        var card = TestCard.debitMastercard
        card.technology = 2
        return card
    }()

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        environment.makeCardReaderService =
            SimulatedCardReaders(script: TerminalScript(prompts: [0x0A], printsReceipt: false, card: Self.card)).makeService
        var settings = environment.appSettings()
        settings.printReceipts = false
        try environment.files.write(settings, to: environment.file(AppEnvironment.FileName.appSettings), permissions: 0o600)
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        try await environment.database.performAndSave { db in
            try ProductRecord(id: 10, name: "Espresso", sku: "ESP", price: "2.50", regularPrice: "2.50").insert(db)
            try ProductRecord(id: 11, name: "Cake", sku: "CAK", price: "10.00", regularPrice: "10.00").insert(db)
        }
        stores = [OrderStore(dispatcher: dispatcher, environment: environment),
                  CardPresentPaymentsStore(dispatcher: dispatcher, environment: environment)]
        store = ReceiptStore(dispatcher: dispatcher, environment: environment)
    }

    private func text(_ job: PrintJob) throws -> String {
        try ESCPOSTokenizer.tokenize(job.data).compactMap { token -> String? in
            switch token {
            case .text(let bytes): String(decoding: bytes, as: UTF8.self)
            case .lineFeed: "\n"
            default: nil
            }
        }.joined()
    }

    /// Sells three espressos and a cake (17,50 €) through the checkout, by card on `sim://` or for 20,00 € in cash,
    /// and answers the order's local number and, for a card, what the terminal reported. The printer is emptied
    /// after the sale: a cash sale kicks the drawer on its own when the register does not print.
    private func sell(card: Bool) async throws -> (number: Int64, card: PaymentResult?) {
        let cart = Cart(items: [Cart.Item(code: "ESP", quantity: 3), Cart.Item(code: "CAK")])
        let open = try await dispatcher.result { OrderAction.openSale(cart: cart, reply: $0) }.get()
        #expect(open.total == Money(minorUnits: 1_750, currency: .eur))
        defer { printer.jobs.withLock { $0.removeAll() } }
        if card {
            let sale = try await dispatcher.result {
                CardPresentPaymentAction.collectPayment(saleId: open.id, cash: nil, reader: "sim://", prompts: { _ in }, reply: $0)
            }.get()
            return (sale.order.localNumber, sale.card)
        }
        let sale = try await dispatcher.result {
            OrderAction.payCash(saleId: open.id, tendered: Money(minorUnits: 2_000, currency: .eur), reply: $0)
        }.get()
        return (sale.order.localNumber, nil)
    }

    @Test func printOrder_cardSale_storesReceiptThenPrintsCardFieldsWithoutExpiry() async throws {
        // Given
        let (number, card) = try await sell(card: true)
        let approval = try #require(card?.approvalCode)
        // When
        let outcome = try await dispatcher.result { ReceiptAction.printOrder(order: String(number), printer: nil, reply: $0) }.get()
        // Then
        #expect(outcome.receipt.printState == .printed)
        let job = try #require(printer.jobs.withLock { $0.first })
        #expect(job.format == .raw)
        let printed = try text(job)
        for field in ["A0000000041010", "MASTERCARD", "Contactless", "PIN verified", approval, "************0434",
                      "#\(number)", "Corner Shop"] {
            #expect(printed.contains(field), "missing \(field)")
        }
        #expect(!printed.lowercased().contains("expir"))
        let tokens = try ESCPOSTokenizer.tokenize(job.data)
        #expect(tokens.last.map { if case .command(.cut) = $0 { true } else { false } } == true)
        let receipts = try await dispatcher.result { ReceiptAction.listReceipts(order: String(number), reply: $0) }.get()
        #expect(receipts.map(\.kind) == [.sale, .cardSlip])
    }

    @Test func printOrder_printerDown_keepsReceiptAndReprintPrintsItOnceBack() async throws {
        // Given
        let number = try await sell(card: false).number
        printer.failure.withLock { $0 = .schedulerUnavailable }
        // When
        let failed = await dispatcher.result { ReceiptAction.printOrder(order: String(number), printer: nil, reply: $0) }
        // Then
        guard case .failure(.printFailed(.schedulerUnavailable, let receiptID?)) = failed else {
            Issue.record("expected a print failure, got \(failed)")
            return
        }
        let kept = try #require(try await ReceiptRepository(database: environment.database).receipt(id: receiptID))
        #expect(kept.printState == .failed)
        #expect(kept.lastPrintError?.contains("CUPS") == true)
        #expect(kept.renderedText.contains("TOTAL"))

        // When the print system is back, a reprint prints the original (it never printed).
        printer.failure.withLock { $0 = nil }
        let first = try await dispatcher.result { ReceiptAction.reprint(order: String(number), printer: nil, reply: $0) }.get()
        // Then
        #expect(first.receipt.id == receiptID)
        #expect(first.receipt.printState == .printed)
        #expect(first.receipt.reprintCount == 0)
        #expect(try !text(printer.jobs.withLock { $0[0] }).contains("COPY"))
    }

    @Test func reprint_afterPrinted_saysCopyAndCountsIt() async throws {
        // Given
        let number = try await sell(card: false).number
        _ = try await dispatcher.result { ReceiptAction.printOrder(order: String(number), printer: nil, reply: $0) }.get()
        // When
        let copy = try await dispatcher.result { ReceiptAction.reprint(order: String(number), printer: nil, reply: $0) }.get()
        let second = try await dispatcher.result { ReceiptAction.reprint(order: String(number), printer: nil, reply: $0) }.get()
        // Then
        #expect(copy.receipt.reprintCount == 1)
        #expect(second.receipt.reprintCount == 2)
        let printed = try text(printer.jobs.withLock { $0[1] })
        #expect(printed.contains("COPY"))
        #expect(printed.contains("Espresso"))
        let stored = try await ReceiptRepository(database: environment.database).receipt(id: copy.receipt.id!)
        #expect(stored?.reprintCount == 2)
        // The original kicked the drawer (cash); a copy never does.
        let original = try ESCPOSTokenizer.tokenize(printer.jobs.withLock { $0[0] }.data)
        let reprinted = try ESCPOSTokenizer.tokenize(printer.jobs.withLock { $0[1] }.data)
        #expect(original.contains { if case .command(.drawerKick) = $0 { true } else { false } })
        #expect(!reprinted.contains { if case .command(.drawerKick) = $0 { true } else { false } })
    }

    @Test func printOrder_unknownOrder_failsWithOrderNotFound() async throws {
        // When
        let result = await dispatcher.result { ReceiptAction.printOrder(order: "9999", printer: nil, reply: $0) }
        // Then
        guard case .failure(.orderNotFound("9999")) = result else {
            Issue.record("expected orderNotFound, got \(result)")
            return
        }
    }

    @Test func printEndOfDay_twoSales_printsTotalsPerMethod() async throws {
        // Given
        _ = try await sell(card: true)
        _ = try await sell(card: false)
        // When
        let outcome = try await dispatcher.result {
            ReceiptAction.printEndOfDay(day: environment.now(), printer: nil, reply: $0)
        }.get()
        // Then
        #expect(outcome.receipt.kind == .endOfDay)
        #expect(outcome.receipt.orderId == nil)
        let text = outcome.receipt.renderedText
        #expect(text.contains("35,00 €"))
        #expect(text.contains("Card"))
        #expect(text.contains("Cash"))
    }

    @Test func openDrawer_rawPrinter_sendsOnlyTheKick() async throws {
        // When
        _ = try await dispatcher.result { ReceiptAction.openDrawer(printer: nil, reply: $0) }.get()
        // Then
        let tokens = try ESCPOSTokenizer.tokenize(printer.jobs.withLock { $0[0] }.data)
        #expect(tokens.contains(.command(.drawerKick(pin: 0, onTime: 50, offTime: 50))))
    }
}

extension ReceiptStoreTests {
    @Test func reprintReceipt_printedCardSlip_saysDuplicate() async throws {
        // Given a card sale whose card slip was printed
        let number = try await sell(card: true).number
        let receipts = try await dispatcher.result { ReceiptAction.listReceipts(order: String(number), reply: $0) }.get()
        let slip = try #require(receipts.first { $0.kind == .cardSlip })
        _ = try await dispatcher.result { ReceiptAction.print(receiptID: slip.id!, printer: nil, reply: $0) }.get()
        // When
        let duplicate = try await dispatcher.result { ReceiptAction.reprintReceipt(receiptID: slip.id!, printer: nil, reply: $0) }.get()
        // Then
        #expect(duplicate.receipt.reprintCount == 1)
        let original = try text(printer.jobs.withLock { $0[0] })
        let reprinted = try text(printer.jobs.withLock { $0[1] })
        #expect(original.contains("CARDHOLDER COPY"))
        #expect(reprinted.contains("DUPLICATE"))
        #expect(reprinted.contains("A0000000041010"))
    }

    @Test func generateRefundAndReversal_cardSale_storesReceiptsOfThoseKinds() async throws {
        // Given
        let number = try await sell(card: true).number
        let card = ReceiptSamples.cardResult(amount: 510)
        // When
        let refund = try await dispatcher.result {
            ReceiptAction.generateRefund(order: String(number), amount: card.amount, reason: "stale", card: card, reply: $0)
        }.get()
        let reversal = try await dispatcher.result {
            ReceiptAction.generateReversal(order: String(number), card: ReceiptSamples.cardResult(), reply: $0)
        }.get()
        // Then
        #expect(refund.kind == .refund)
        #expect(refund.renderedText.contains("-5,10 €"))
        #expect(refund.renderedText.contains("CARD REFUND"))
        #expect(reversal.kind == .reversal)
        #expect(reversal.renderedText.contains("CARD REVERSAL"))
        #expect(reversal.printState == .pending)
        #expect(printer.jobs.withLock { $0.isEmpty })
    }
}
