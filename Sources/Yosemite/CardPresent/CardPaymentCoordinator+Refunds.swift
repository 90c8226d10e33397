import Foundation
import Hardware
import Localization
import Logging
import POSFoundation
import Storage

/// Refunds and reversals on the terminal, each holding the reader.
extension CardPaymentCoordinator {
    /// Refunds a paid order through its checkout (``Checkout/Event/refund(_:)``), which owns every rule and runs
    /// every step: the manager's approval, the money back, the record, the TSE, the receipt. This coordinator only
    /// holds the reader and talks to the terminal when the checkout sends the money back to the card: the checkout
    /// journals the attempt, the terminal's answer goes back to it as an event (``Checkout/Event/refundApproved(_:)``,
    /// ``Checkout/Event/refundDeclined(_:)``, ``Checkout/Event/refundOutcomeUnknown(_:)``).
    func refund(
        orderId: Int64, amount: Money?, reader: String?, approval: ManagerApproval?,
        progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let runner = SaleService(environment: environment).runner
        // The checkout says how the money goes back; only a card refund needs the reader.
        let plan = try await Self.refunding { () async throws(OrderError) in
            try await runner.refundPlan(orderId: orderId, amount: amount)
        }
        guard plan.method == .card else {
            let run = try await Self.refunding { () async throws(OrderError) in
                try await runner.send(.refund(amount), toOrder: orderId, CheckoutInputs(approval: approval))
            }
            return try Self.refund(of: run)
        }
        let target = try target(reader)
        return try await exclusive(target, "refund") { lock throws(CardPaymentError) in
            let address = try await ensureConnected(target)
            let service = try await service()
            try await refuseWhileUnresolved(reader: address)
            let attempt = CheckoutInputs.CardAttempt(attemptId: lock.holder.attemptId, reader: address.description,
                                                     previousReceiptNumber: await previousReceiptNumber(service, reader: address))
            let started = try await Self.refunding { () async throws(OrderError) in
                try await runner.send(.refund(amount), toOrder: orderId, CheckoutInputs(approval: approval, card: attempt))
            }
            // Another process refunded meanwhile and the rest went back in cash: nothing for the terminal.
            guard let row = started.journal else { return try Self.refund(of: started) }
            environment.logger.notice(
                "card: refund attempt \(row.attemptId) for order \(orderId), \(row.amountMoney.decimalString)")
            switch try await run(service.refund(row.amountMoney), attemptId: row.attemptId, owner: .refund(orderId: orderId),
                                 progress: progress) {
            case .completed(let result):
                let approved = Checkout.CardApproval(attemptId: row.attemptId, amount: row.amountMoney)
                let run = try await Self.refunding { () async throws(OrderError) in
                    try await runner.send(.refundApproved(approved), toOrder: orderId, CheckoutInputs(cardResult: result))
                }
                guard run.refund != nil else {
                    // Recorded by someone else (a resolution) as it came back: signed and receipted there.
                    return CardRefund(amount: row.amountMoney, card: result, outboxEntryId: nil, attemptId: row.attemptId)
                }
                return try Self.refund(of: run)
            case .outcomeUnknown(let unknown):
                throw .outcomeUnknown(attemptId: row.attemptId, reason: unknown.reason)
            }
        }
    }

    /// What ``refund(orderId:amount:reader:approval:progress:)`` would do now, as the order's checkout says.
    func planRefund(orderId: Int64, amount: Money?) async throws(CardPaymentError) -> Checkout.RefundPlan {
        let runner = SaleService(environment: environment).runner
        return try await Self.refunding { () async throws(OrderError) in
            try await runner.refundPlan(orderId: orderId, amount: amount)
        }
    }

    /// What a refund's run recorded, with its receipt.
    private static func refund(of run: CheckoutRun) throws(CardPaymentError) -> CardRefund {
        guard let recorded = run.refund else { throw .invalidRefund(L10n.tr("error.checkout.refund.noAttempt")) }
        var refund = CardRefund(amount: recorded.amount, card: recorded.card, outboxEntryId: recorded.outboxEntryId,
                                attemptId: recorded.attemptId)
        refund.receipt = run.receipt
        return refund
    }

    /// Runs a refund's checkout step; what it refuses is an invalid refund, an approval it needs is the cashiers'.
    private static func refunding<T>(_ step: () async throws(OrderError) -> T) async throws(CardPaymentError) -> T {
        do {
            return try await step()
        } catch {
            switch error {
            case .cashier(let cashier): throw .cashier(cashier)
            case .storage(let storage): throw .storage(storage)
            case .saleRefused(let reason): throw .invalidRefund(reason)
            case .orderNotFound(let reference): throw .invalidRefund("no order \(reference) on this counter")
            default: throw .invalidRefund(error.message)
            }
        }
    }

    /// Refunds `amount` to the card on the terminal for no order (stand-alone), journalled (kind `refund`); the
    /// caller holds the reader.
    func refundOnTerminal(
        _ money: Money, on target: ReaderAddress, lock: ReaderLock, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let address = try await ensureConnected(target)
        let service = try await service()
        try await refuseWhileUnresolved(reader: address)
        let row: PaymentJournalRecord
        do {
            row = try await recorder.start(attemptId: lock.holder.attemptId, orderId: nil, reader: address.description,
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
