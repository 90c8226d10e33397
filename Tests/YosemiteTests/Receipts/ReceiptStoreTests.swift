import Foundation
import Hardware
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The receipt store against a real database and a recording printer.
@MainActor
@Suite struct ReceiptStoreTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let store: ReceiptStore

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
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

    @Test func printOrder_cardSale_storesReceiptThenPrintsCardFieldsWithoutExpiry() async throws {
        // Given
        let number = try await ReceiptSamples.insertSale(card: true, into: environment.database, at: ReceiptSamples.saleDate)
        // When
        let outcome = try await dispatcher.result { ReceiptAction.printOrder(order: String(number), printer: nil, reply: $0) }.get()
        // Then
        #expect(outcome.receipt.printState == .printed)
        let job = try #require(printer.jobs.withLock { $0.first })
        #expect(job.format == .raw)
        let printed = try text(job)
        for field in ["A0000000041010", "MASTERCARD", "Contactless", "PIN verified", "A1B2C3", "************0010",
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
        let number = try await ReceiptSamples.insertSale(card: false, into: environment.database, at: ReceiptSamples.saleDate)
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
        let number = try await ReceiptSamples.insertSale(card: false, into: environment.database, at: ReceiptSamples.saleDate)
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
        _ = try await ReceiptSamples.insertSale(card: true, into: environment.database, at: ReceiptSamples.saleDate)
        _ = try await ReceiptSamples.insertSale(card: false, into: environment.database, at: ReceiptSamples.saleDate)
        // When
        let outcome = try await dispatcher.result {
            ReceiptAction.printEndOfDay(day: ReceiptSamples.saleDate, printer: nil, reply: $0)
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
        let number = try await ReceiptSamples.insertSale(card: true, into: environment.database, at: ReceiptSamples.saleDate)
        _ = try await dispatcher.result { ReceiptAction.generate(order: String(number), reply: $0) }.get()
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
        let number = try await ReceiptSamples.insertSale(card: true, into: environment.database, at: ReceiptSamples.saleDate)
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
