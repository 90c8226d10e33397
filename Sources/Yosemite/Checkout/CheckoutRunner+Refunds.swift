import Foundation
import Hardware
import Localization
import POSFoundation
import Storage

/// What a refund's effects recorded: how much went back and how, its outbox entry, the terminal's answer.
struct RecordedRefund: Sendable {
    var amount: Money
    var method: Checkout.RefundMethod
    /// The refund's `createRefund` outbox entry (its TSE transaction is journalled by it).
    var outboxEntryId: Int64?
    /// The terminal's answer to a card refund.
    var card: PaymentResult?
    var attemptId: String?
}

/// A refund's run through the checkout: its state read from the order, each refund effect one named Storage write
/// or a call to the TSE or the receipt printer.
///
/// The order is the reducer's: authorize → ``Checkout/Effect/refundCash(_:)`` (the outbox entry) or
/// ``Checkout/Effect/collectCardRefund(_:)`` (the journal row, before the request leaves; the reader's owner sends the
/// terminal's answer back) then ``Checkout/Effect/recordCardRefund(_:)`` (the row approved and the outbox entry, in
/// one transaction) → `sign(.refund)` → ``Checkout/Effect/issueRefundReceipt(kickDrawer:)`` → announce. The refund
/// is durable before the TSE or the printer is asked, so neither can lose it.
extension CheckoutRunner {
    // MARK: - Loading

    /// Applies a refund event to the completed sale of order `orderId` (read from the order) and runs its effects.
    func send(
        _ event: Checkout.Event, toOrder orderId: Int64, _ inputs: CheckoutInputs = CheckoutInputs()
    ) async throws(OrderError) -> CheckoutRun {
        var run = CheckoutRun(saleId: nil, checkout: try await refundCheckout(orderId: orderId))
        run.orderId = orderId
        try await drive(&run, event, inputs)
        return run
    }

    /// The refund ``Checkout/Event/refund(_:)`` would make for the order now (how much, in cash or to the card), or
    /// the checkout's refusal; runs nothing.
    func refundPlan(orderId: Int64, amount: Money?) async throws(OrderError) -> Checkout.RefundPlan {
        let checkout = try await refundCheckout(orderId: orderId)
        do { return try checkout.refundPlan(amount) } catch { throw Self.orderError(error) }
    }

    /// The completed sale as its order records it, with the policy in force now: its total and payments; what went
    /// back (the order's refund records in its outbox, sent or not); what went back to the card and whether a card
    /// refund is in flight (its refunds and reversals in the payment journal).
    func refundCheckout(orderId: Int64) async throws(OrderError) -> Checkout {
        let detail: OrderRecordDetail?
        let attempts: [PaymentJournalRecord]
        do {
            detail = try await environment.database.orderDetail(id: orderId)
            attempts = try await environment.database.refundAttempts(orderId: orderId)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let detail else { throw .orderNotFound(reference: String(orderId)) }
        let order = detail.order
        let refunded = detail.outbox.filter { $0.kind == .createRefund }.reduce(Int64(0)) { sum, entry in
            sum + RefundPayload.amount(in: entry.payload, currency: order.currency)
        }
        let paid = detail.payments.reduce(Int64(0)) { $0 + $1.amount }
        let cardPaid = detail.payments.filter { $0.method == .card }.reduce(Int64(0)) { $0 + $1.amount }
        let cardRefunded = attempts.filter { $0.state == .approved }.reduce(Int64(0)) { $0 + $1.amount }
        let refunds = Checkout.Refunds(
            orderNumber: order.localNumber, cardPaid: order.money(cardPaid), refunded: order.money(refunded),
            cardRefunded: order.money(cardRefunded), inFlight: attempts.contains(where: \.isUnresolved))
        var checkout = Checkout(order: order.totalMoney, paid: order.money(paid),
                                hasCashTender: detail.payments.contains { $0.method == .cash }, refunds: refunds,
                                training: order.training, policy: try await policy())
        checkout.moneyFormat = try? await sales.pricingSettings().moneyFormat
        return checkout
    }

    // MARK: - Effects

    /// ``Checkout/Effect/refundCash(_:)``: the refund's one outbox entry (`enqueueRefund`); the cash is handed over
    /// at the counter.
    func refundCash(_ amount: Money, _ run: inout CheckoutRun) async throws(OrderError) {
        let orderId = try refundOrder(run)
        let entry: Int64?
        do {
            entry = try await CardPaymentRecorder(environment: environment)
                .recordCashRefund(orderId: orderId, amount: amount, reason: "Cash refund at the counter")
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        run.refund = RecordedRefund(amount: amount, method: .cash, outboxEntryId: entry)
    }

    /// ``Checkout/Effect/collectCardRefund(_:)``: journals the card refund (kind `refund`, for the order), committed
    /// and marked sent before the request leaves.
    func collectCardRefund(
        _ amount: Money, _ run: CheckoutRun, _ inputs: CheckoutInputs
    ) async throws(OrderError) -> PaymentJournalRecord {
        try await journalCard(amount, kind: "refund", saleId: nil, orderId: try refundOrder(run), inputs)
    }

    /// ``Checkout/Effect/recordCardRefund(_:)``: the row approved with the terminal's answer and the refund's one
    /// outbox entry, in one transaction, once. A row already settled (another process, a resolution) ends the run:
    /// it was signed and receipted then.
    func recordCardRefund(
        _ approval: Checkout.CardApproval, _ run: inout CheckoutRun, _ inputs: CheckoutInputs
    ) async throws(OrderError) {
        let result = inputs.cardResult
        let receipt = result?.receiptNumber.map { ", terminal receipt \($0)" } ?? ""
        let reason = "Card refund on the terminal\(receipt)" + (inputs.note.map { " (\($0))" } ?? "")
        let entry: Int64?
        do {
            entry = try await CardPaymentRecorder(environment: environment)
                .recordRefundApproval(approval.attemptId, result: result, reason: reason)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let entry else {
            run.alreadySettled = true
            return
        }
        run.refund = RecordedRefund(amount: approval.amount, method: .card, outboxEntryId: entry, card: result,
                                    attemptId: approval.attemptId)
    }

    /// `sign(.refund)`: the TSE signs the refund just recorded as its own transaction (journal first; never stopping
    /// the refund).
    func signRefund(_ run: CheckoutRun) async {
        guard let orderId = run.orderId, let refund = run.refund else { return }
        await FiscalCheckout(environment: environment).refundRecorded(
            orderId: orderId, outboxEntryId: refund.outboxEntryId, amount: refund.amount, cash: refund.method == .cash)
    }

    /// ``Checkout/Effect/issueRefundReceipt(kickDrawer:)``: renders and stores the refund receipt with its TSE block,
    /// prints it as the register's setting says, opens the drawer when asked (cash going back).
    func issueRefundReceipt(kickDrawer: Bool, _ run: inout CheckoutRun) async {
        guard let orderId = run.orderId, let refund = run.refund else { return }
        run.receipt = await ReceiptService(environment: environment)
            .issueRefund(orderId: orderId, amount: refund.amount, card: refund.card, kickDrawer: kickDrawer)
    }

    private func refundOrder(_ run: CheckoutRun) throws(OrderError) -> Int64 {
        guard let id = run.orderId else { throw .orderNotFound(reference: run.subject) }
        return id
    }
}
