import Foundation
import Hardware
import POSFoundation
import Storage

/// Refunds and reversals on the terminal, each holding the reader.
extension CardPaymentCoordinator {
    /// Refunds a paid order: on the card when it was paid by card, in cash otherwise; then the outbox refund record.
    func refund(
        orderId: Int64, amount: Money?, reader: String?, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let loaded: (OrderRecordDetail?, Int64)
        do {
            let detail = try await environment.database.orderDetail(id: orderId)
            let refunded = detail?.outbox.filter { $0.kind == .createRefund }.reduce(Int64(0)) { sum, entry in
                sum + RefundPayload.amount(in: entry.payload, currency: detail?.order.currency ?? .eur)
            } ?? 0
            loaded = (detail, refunded)
        } catch { throw .storage(StorageError(wrapping: error)) }
        guard let detail = loaded.0 else { throw .invalidRefund("no order \(orderId) on this counter") }
        guard !detail.payments.isEmpty else { throw .invalidRefund("order \(detail.order.localNumber) is not paid") }
        let order = detail.order
        let refundable = order.total - loaded.1
        guard refundable > 0 else {
            throw .invalidRefund("order \(order.localNumber) is already fully refunded (\(order.money(order.total).decimalString))")
        }
        let wanted = amount?.minorUnits ?? refundable
        guard wanted > 0, wanted <= refundable else {
            throw .invalidRefund("\(order.money(wanted).decimalString) is more than the \(order.money(refundable).decimalString) left to refund")
        }
        let money = order.money(wanted)
        let cardPaid = detail.payments.filter { $0.method == .card }.reduce(Int64(0)) { $0 + $1.amount }
        guard cardPaid > 0 else {
            do {
                let entry = try await recorder.recordCashRefund(orderId: orderId, amount: money, reason: "Cash refund at the counter")
                // The refund is durable; the TSE signs it as its own transaction (never stopping it).
                await FiscalCheckout(environment: environment).refundRecorded(orderId: orderId, outboxEntryId: entry,
                                                                             amount: money, cash: true)
                var refund = CardRefund(amount: money, card: nil, outboxEntryId: entry)
                refund.receipt = await ReceiptService(environment: environment).issueRefund(orderId: orderId, amount: money, card: nil, kickDrawer: true)
                return refund
            } catch { throw .storage(StorageError(wrapping: error)) }
        }
        guard wanted <= cardPaid else {
            throw .invalidRefund("the card paid \(order.money(cardPaid).decimalString); refund the rest in cash separately")
        }
        let target = try target(reader)
        let refund = try await exclusive(target, "refund") { lock throws(CardPaymentError) in
            try await refundOnTerminal(money, orderId: orderId, on: target, lock: lock, progress: progress)
        }
        await FiscalCheckout(environment: environment).refundRecorded(orderId: orderId, outboxEntryId: refund.outboxEntryId,
                                                                     amount: money, cash: false)
        var issued = refund
        issued.receipt = await ReceiptService(environment: environment).issueRefund(orderId: orderId, amount: money, card: refund.card, kickDrawer: false)
        return issued
    }

    /// Refunds `amount` to the card on the terminal, journalled (kind `refund`), for an order or none (stand-alone);
    /// the caller holds the reader.
    func refundOnTerminal(
        _ money: Money, orderId: Int64?, on target: ReaderAddress, lock: ReaderLock,
        progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let address = try await ensureConnected(target)
        let service = try await service()
        try await refuseWhileUnresolved(reader: address)
        let row: PaymentJournalRecord
        do {
            row = try await recorder.start(attemptId: lock.holder.attemptId, orderId: orderId, reader: address.description,
                                           kind: "refund", amount: money, previousReceiptNumber: await service.lastKnownReceiptNumber())
            try await recorder.mark(row.attemptId, .requestSent)
        } catch { throw .storage(StorageError(wrapping: error)) }
        switch try await run(service.refund(money), attemptId: row.attemptId, progress: progress) {
        case .completed(let result):
            do {
                let entry = try await recorder.recordRefundApproval(row.attemptId, result: result, reason: Self.reason(row, result))
                return CardRefund(amount: money, card: result, outboxEntryId: entry, attemptId: row.attemptId)
            } catch { throw .storage(StorageError(wrapping: error)) }
        case .outcomeUnknown(let unknown):
            throw .outcomeUnknown(attemptId: row.attemptId, reason: unknown.reason)
        }
    }

    /// Reverses the payment with the terminal's `receipt` number, journalled (kind `reversal`); an approval queues
    /// the order's refund record when it has an order. The caller holds the reader and has resolved it.
    func reverse(
        receipt: Int, amount: Money, orderId: Int64?, on address: ReaderAddress, lock: ReaderLock,
        progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let service = try await service()
        let row: PaymentJournalRecord
        do {
            row = try await recorder.start(attemptId: lock.holder.attemptId, orderId: orderId, reader: address.description,
                                           kind: "reversal", amount: amount, previousReceiptNumber: await service.lastKnownReceiptNumber())
            try await recorder.mark(row.attemptId, .requestSent)
        } catch { throw .storage(StorageError(wrapping: error)) }
        switch try await run(service.reverse(receiptNumber: receipt), attemptId: row.attemptId, progress: progress) {
        case .completed(let result):
            do {
                let entry = try await recorder.recordRefundApproval(row.attemptId, result: result, reason: Self.reason(row, result))
                return CardRefund(amount: amount, card: result, outboxEntryId: entry, attemptId: row.attemptId)
            } catch { throw .storage(StorageError(wrapping: error)) }
        case .outcomeUnknown(let unknown):
            throw .outcomeUnknown(attemptId: row.attemptId, reason: unknown.reason)
        }
    }

    /// Resolves the reader's unresolved rows and refuses when one stays unknown.
    func refuseWhileUnresolved(reader: ReaderAddress) async throws(CardPaymentError) {
        for attempt in try await resolveUnresolved(saleId: nil, reader: reader) {
            if case .stillUnknown(let reason) = attempt.outcome {
                throw .unresolvedAttempt(attemptId: attempt.attemptId, reason: reason)
            }
        }
    }
}
