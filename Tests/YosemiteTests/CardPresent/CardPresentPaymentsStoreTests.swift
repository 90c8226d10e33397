import Foundation
import GRDB
import Hardware
import Networking
import POSFoundation
import Storage
import TerminalSimulator
import Testing
@testable import Yosemite

/// `CardPresentPaymentsStore` with the in-process ZVT simulator: charge once, never lose an approval.
@MainActor
struct CardPresentPaymentsStoreTests {
    @Test func collectPayment_approved_writesJournalPaymentOrderAndOneOutboxEntryOnce() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let order = try await harness.openSale()
        #expect(try await harness.orderCount() == 0)

        // When
        let sale = try await harness.collect(order.id).get()

        // Then
        let detail = try await harness.order(ofSale: order.id)
        #expect(try await harness.sale(order.id).state == .completed)
        #expect(sale.card.amount == order.total)
        #expect(detail.payments.count == 1)
        #expect(detail.payments[0].method == .card)
        #expect(detail.payments[0].cardLast4 == "0434")
        #expect(detail.payments[0].journalAttemptId == sale.attemptId)
        #expect(detail.order.syncState == .pending)
        #expect(detail.outbox.map(\.kind) == [.createOrder])
        let paid = try #require(detail.outbox.last?.payload)
        #expect(paid.contains("\"set_paid\":true"))
        #expect(paid.contains("\"payment_method\":\"pos_card\""))
        #expect(paid.contains("\"payment_method_title\":\"Card\""))
        #expect(!paid.contains("5413330089010434"))
        let journal = try await harness.journal()
        #expect(journal.map(\.state) == [.approved])
        #expect(journal[0].receiptNumber == sale.card.receiptNumber)
        #expect(harness.readers.ledger.approvals.count == 1)
        #expect(journal[0].orderId == detail.order.id)
    }

    @Test func collectPayment_declinedThenApproved_chargesOnceAndTheSaleStaysOpenBetween() async throws {
        // Given
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.decline(0x05), .approve], prompts: []))
        let order = try await harness.openSale()

        // When
        let first = await harness.collect(order.id)
        let between = try await harness.sale(order.id)
        let ordersBetween = try await harness.orderCount()
        let second = await harness.collect(order.id)

        // Then
        guard case .failure(.declined) = first else { Issue.record("expected declined, got \(first)"); return }
        #expect(between.state == .open && between.tenders.isEmpty && between.unresolvedAttemptId == nil)
        #expect(ordersBetween == 0)
        _ = try second.get()
        let detail = try await harness.order(ofSale: order.id)
        #expect(detail.payments.count == 1)
        #expect(detail.outbox.count == 1)
        #expect(try await harness.orderCount() == 1)
        #expect(try await harness.journal().map(\.state) == [.declined, .approved])
        #expect(harness.readers.ledger.approvals.count == 1)
    }

    @Test func collectPayment_declinedThenCash_paysTheSameSaleWithOneOrderInCash() async throws {
        // Given
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.decline(0x05)], prompts: []))
        let open = try await harness.openSale()

        // When
        let declined = await harness.collect(open.id)
        let sale = try await harness.result { OrderAction.payCash(saleId: open.id, tendered: nil, reply: $0) }.get()

        // Then
        guard case .failure(.declined) = declined else { Issue.record("expected declined, got \(declined)"); return }
        #expect(try await harness.orderCount() == 1)
        let detail = try await harness.order(ofSale: open.id)
        #expect(detail.order.id == sale.order.id)
        #expect(detail.payments.map(\.method) == [.cash])
        #expect(detail.outbox.map(\.kind) == [.createOrder])
        #expect(detail.outbox.first?.payload.contains("\"payment_method\":\"cod\"") == true)
        #expect(try await harness.journal().map(\.state) == [.declined])
        #expect(harness.readers.ledger.approvals.isEmpty)
    }

    @Test func collectPayment_splitTender_recordsCashAndCardInThePayingTransaction() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let order = try await harness.openSale()
        let cash = Money(minorUnits: 1000, currency: .eur)

        // When
        let sale = try await harness.collect(order.id, cash: cash).get()

        // Then
        let detail = try await harness.order(ofSale: order.id)
        #expect(sale.card.amount.minorUnits == order.total.minorUnits - 1000)
        #expect(sale.cash == cash)
        #expect(Set(detail.payments.map(\.method)) == [.card, .cash])
        #expect(detail.payments.reduce(0) { $0 + $1.amount } == order.total.minorUnits)
        let paid = try #require(detail.outbox.last?.payload)
        #expect(paid.contains("Card and cash"))
        #expect(paid.contains("_pos_cash_amount"))
        #expect(harness.readers.ledger.approvals.first?.amount.minorUnits == order.total.minorUnits - 1000)
    }

    @Test func collectPayment_lineDroppedAfterApproval_unknownThenRecoveredOnceWithoutSecondCharge() async throws {
        // Given: the terminal approves, then drops the line before reporting it
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.drop, .approve], prompts: []))
        let order = try await harness.openSale()

        // When
        let first = await harness.collect(order.id)
        let journalAfterFirst = try await harness.journal()
        let second = await harness.collect(order.id)

        // Then
        guard case .failure(.outcomeUnknown) = first else { Issue.record("expected unknown, got \(first)"); return }
        #expect(journalAfterFirst.map(\.state) == [.unknown])
        let sale = try second.get()
        #expect(sale.recoveredFromEarlierAttempt)
        #expect(harness.readers.ledger.approvals.count == 1)
        let detail = try await harness.order(ofSale: order.id)
        #expect(detail.payments.count == 1)
        #expect(detail.outbox.map(\.kind) == [.createOrder])
        #expect(try await harness.journal().map(\.state) == [.approved])
    }

    @Test func collectPayment_unresolvableEarlierAttempt_refusesUntilResolvedByHand() async throws {
        // Given: an approved sale, then a crashed attempt of another amount the terminal never booked
        let harness = try await CardPaymentTestHarness()
        _ = try await harness.collect(try await harness.openSale().id).get()
        let order = try await harness.openSale()
        let crashed = PaymentJournalRecord(attemptId: "crashed-1", readerId: "sim://", amount: Money(minorUnits: 777, currency: .eur),
                                           state: .requestSent, startedAt: Date(), saleId: order.id)
        try await harness.database.performAndSave { db in try crashed.insert(db) }

        // When
        let refused = await harness.collect(order.id)
        let byHand = await harness.result {
            CardPresentPaymentAction.markResolvedByHand(attemptId: "crashed-1", charged: false, note: "terminal journal shows nothing", reply: $0)
        }
        let paid = await harness.collect(order.id)

        // Then
        guard case .failure(.unresolvedAttempt(let id, _)) = refused else { Issue.record("expected refusal, got \(refused)"); return }
        #expect(id == "crashed-1")
        _ = try byHand.get()
        _ = try paid.get()
        #expect(harness.readers.ledger.approvals.count == 2)
        #expect(try await harness.journal().first { $0.attemptId == "crashed-1" }?.state == .resolved)
    }

    @Test func resolveUnknownOutcomes_crashAfterTerminalApproved_recordsApprovalOnce() async throws {
        // Given: the counter died after journalling requestSent; the terminal approved (charged by another connection)
        let harness = try await CardPaymentTestHarness()
        let order = try await harness.openSale()
        let started = Date()
        let row = PaymentJournalRecord(attemptId: "killed-1", readerId: "sim://", amount: order.total,
                                       state: .requestSent, startedAt: started, saleId: order.id)
        try await harness.database.performAndSave { db in try row.insert(db) }
        let terminal = harness.readers.makeService(.eur)
        _ = try await terminal.connect(ReaderAddress("sim://"))
        for try await _ in terminal.collectPayment(PaymentRequest(amount: order.total)) {}
        await terminal.disconnect()

        // When
        let first = try await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }.get()
        let again = try await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }.get()

        // Then
        #expect(first.count == 1)
        guard case .approved = first.first?.outcome else { Issue.record("expected approved: \(first)"); return }
        #expect(again.isEmpty)
        let detail = try await harness.order(ofSale: order.id)
        #expect(detail.payments.count == 1)
        #expect(detail.outbox.map(\.kind) == [.createOrder])
        #expect(harness.readers.ledger.approvals.count == 1)
    }

    @Test func refund_cardOrder_refundsOnTerminalAndQueuesRefundRecord() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let order = try await harness.openSale()
        let paid = try await harness.collect(order.id).get()

        // When
        let refund = try await harness.result {
            CardPresentPaymentAction.refund(orderId: paid.order.id, amount: Money(minorUnits: 250, currency: .eur), reader: "sim://",
                                            prompts: { _ in }, reply: $0)
        }.get()

        // Then
        #expect(refund.card != nil)
        let entry = try #require(try await harness.detail(paid.order.id).outbox.last)
        #expect(entry.kind == .createRefund)
        #expect(entry.payload.contains("\"api_refund\":false"))
        #expect(entry.payload.contains("\"amount\":\"2.50\""))
        #expect(harness.readers.ledger.transactions.map(\.kind) == [.payment, .refund])
    }

    @Test func refund_splitOrder_givesTheCardsPartBackOnTheTerminal_thenTheRestInCash_eachReceipted() async throws {
        // Given a split sale: 10.00 in cash, the rest by card
        let harness = try await CardPaymentTestHarness()
        let paid = try await harness.collect(try await harness.openSale().id, cash: Money(minorUnits: 1_000, currency: .eur)).get()
        let orderId = paid.order.id
        let cardPart = Money(minorUnits: paid.order.total.minorUnits - 1_000, currency: .eur)

        // When / Then: more than the card's part at once is refused by the checkout, saying what the card can take back
        let total = paid.order.total
        let all = await harness.result { CardPresentPaymentAction.planRefund(orderId: orderId, amount: total, reply: $0) }
        guard case .failure(.invalidRefund(let why)) = all else { Issue.record("expected a refusal: \(all)"); return }
        #expect(why.contains(cardPart.decimalString))
        // "All that is left" (no amount) is the card's part first, and it goes back on the terminal
        let first = try await harness.result { CardPresentPaymentAction.planRefund(orderId: orderId, amount: nil, reply: $0) }.get()
        #expect(first == Checkout.RefundPlan(amount: cardPart, method: .card))
        let card = try await harness.result {
            CardPresentPaymentAction.refund(orderId: orderId, amount: nil, reader: "sim://", prompts: { _ in }, reply: $0)
        }.get()
        #expect(card.card != nil && card.amount == cardPart)
        // Then the checkout says the rest goes back in cash, and it does, without the reader
        let rest = try await harness.result { CardPresentPaymentAction.planRefund(orderId: orderId, amount: nil, reply: $0) }.get()
        #expect(rest == Checkout.RefundPlan(amount: Money(minorUnits: 1_000, currency: .eur), method: .cash))
        let cash = try await harness.result {
            CardPresentPaymentAction.refund(orderId: orderId, amount: nil, reader: nil, prompts: { _ in }, reply: $0)
        }.get()
        #expect(cash.card == nil && cash.amount.minorUnits == 1_000)
        #expect(harness.readers.ledger.transactions.map(\.kind) == [.payment, .refund])
        #expect(try await harness.detail(orderId).outbox.filter { $0.kind == .createRefund }.count == 2)
        let receipts = try await ReceiptRepository(database: harness.database).receipts(orderID: orderId)
        #expect(receipts.filter { $0.kind == .refund }.count == 2)
        let more = await harness.result { CardPresentPaymentAction.planRefund(orderId: orderId, amount: nil, reply: $0) }
        guard case .failure(.invalidRefund(let full)) = more else { Issue.record("expected a refusal: \(more)"); return }
        #expect(full.contains("already fully refunded"))
    }

    @Test func refund_lineDroppedAfterTheTerminalRefunded_isUnknown_refusesAnother_andResolvesThroughTheCheckoutOnce() async throws {
        // Given a card sale whose refund the terminal books, then drops the line before saying so
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.approve, .drop], prompts: []))
        let paid = try await harness.collect(try await harness.openSale().id).get()
        let orderId = paid.order.id
        let amount = Money(minorUnits: 300, currency: .eur)

        // When
        let lost = await harness.result {
            CardPresentPaymentAction.refund(orderId: orderId, amount: amount, reader: "sim://", prompts: { _ in }, reply: $0)
        }
        let again = await harness.result {
            CardPresentPaymentAction.refund(orderId: orderId, amount: amount, reader: "sim://", prompts: { _ in }, reply: $0)
        }
        let resolved = try await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }.get()

        // Then: unknown, never refunded again, and the approval found is recorded, signed and receipted once
        guard case .failure(.outcomeUnknown) = lost else { Issue.record("expected unknown, got \(lost)"); return }
        guard case .failure(.invalidRefund) = again else { Issue.record("expected a refusal, got \(again)"); return }
        #expect(harness.readers.ledger.transactions.map(\.kind) == [.payment, .refund])
        guard case .approved? = resolved.first?.outcome else { Issue.record("expected approved: \(resolved)"); return }
        #expect(try await harness.journal().filter { $0.kind == "refund" }.map(\.state) == [.approved])
        #expect(try await harness.detail(orderId).outbox.filter { $0.kind == .createRefund }.count == 1)
        let receipts = try await ReceiptRepository(database: harness.database).receipts(orderID: orderId)
        #expect(receipts.filter { $0.kind == .refund }.count == 1)
    }
}
