import Foundation
import Hardware
import Logging
import POSFoundation
import Storage

/// Terminal operations without a sale (`pos reader pay|refund|reverse|end-of-day`): journalled like a sale's card
/// tender, in the store's currency, holding the reader, and refused while an earlier attempt on the reader stays
/// unknown. Their journal rows have no order: nothing is sent to WooCommerce (see docs/card-payments.md).
extension CardPaymentCoordinator {
    /// Journal kind of an end of day (no money moves; the row says when the batch was closed and its total).
    static let endOfDayKind = "endOfDay"

    /// Takes `amount` on the terminal for no order.
    func payWithoutSale(
        amount: Money, reference: String, reader: String?, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> TerminalPayment {
        let target = try target(reader)
        return try await exclusive(target, "payment") { lock throws(CardPaymentError) in
            let address = try await ensureConnected(target)
            let service = try await service()
            try await refuseWhileUnresolved(reader: address)
            let previous = await previousReceiptNumber(service, reader: address)
            let row = try await startRow(orderId: nil, reader: address, kind: "sale", amount: amount, previous: previous, lock: lock)
            environment.logger.notice("card: attempt \(row.attemptId) without a sale, \(amount.decimalString)")
            let request = PaymentRequest(amount: amount, reference: reference, previousReceiptNumber: previous,
                                         startedAtUnixTime: Int64(row.startedAt.timeIntervalSince1970))
            switch try await run(service.collectPayment(request), attemptId: row.attemptId, progress: progress) {
            case .completed(let result):
                do {
                    try await recorder.recordTerminalApproval(row.attemptId, result: result, receiptNumber: result.receiptNumber)
                } catch { throw .storage(StorageError(wrapping: error)) }
                return TerminalPayment(result: result, attemptId: row.attemptId)
            case .outcomeUnknown(let unknown):
                throw .outcomeUnknown(attemptId: row.attemptId, reason: unknown.reason)
            }
        }
    }

    /// Refunds `amount` to the card presented, for no order.
    func refundWithoutSale(
        amount: Money, reader: String?, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let target = try target(reader)
        return try await exclusive(target, "refund") { lock throws(CardPaymentError) in
            try await refundOnTerminal(amount, on: target, lock: lock, progress: progress)
        }
    }

    /// Reverses the payment with the terminal's `receipt` number. A payment journalled on this reader gives the
    /// amount and order (its refund record is queued); one taken elsewhere needs `amount`, for the journal.
    func reverse(
        receipt: Int, amount: Money?, reader: String?, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardRefund {
        let target = try target(reader)
        return try await exclusive(target, "reversal") { lock throws(CardPaymentError) in
            let address = try await ensureConnected(target)
            try await refuseWhileUnresolved(reader: address)
            let original: PaymentJournalRecord?
            do {
                original = try await environment.database.approvedSaleAttempt(
                    readerId: address.description, receiptNumber: receipt)
            } catch { throw .storage(StorageError(wrapping: error)) }
            guard let money = original?.amountMoney ?? amount else {
                throw .invalidRefund("receipt \(receipt) is not a payment journalled on \(address); give its amount to reverse it")
            }
            return try await reverse(receipt: receipt, amount: money, orderId: original?.orderId, on: address, lock: lock,
                                     progress: progress)
        }
    }

    /// Closes the terminal's batch; journalled (kind `endOfDay`, amount the batch total when the terminal says it).
    func endOfDay(reader: String?) async throws(CardPaymentError) -> TerminalReport {
        let target = try target(reader)
        return try await exclusive(target, "end of day") { lock throws(CardPaymentError) in
            let address = try await ensureConnected(target)
            let service = try await service()
            try await refuseWhileUnresolved(reader: address)
            guard let currency = storeCurrency else { throw .storeSettingsMissing }
            let zero = Money(minorUnits: 0, currency: currency)
            let row = try await startRow(orderId: nil, reader: address, kind: Self.endOfDayKind, amount: zero, previous: nil,
                                         lock: lock)
            let report: TerminalReport
            do throws(CardReaderError) { report = try await service.endOfDay() } catch let readerError {
                forgetConnection()
                try? await recorder.mark(row.attemptId, .declined, note: "end of day failed: \(readerError.message)")
                throw .readerUnavailable(readerError)
            }
            do {
                try await recorder.recordTerminalApproval(row.attemptId, result: report, receiptNumber: nil,
                                                          note: report.total.map { "batch total \($0.decimalString)" })
            } catch { throw .storage(StorageError(wrapping: error)) }
            return report
        }
    }

    // MARK: - Helpers

    /// The terminal's receipt number before this attempt: what the driver saw, else the journal's newest.
    func previousReceiptNumber(_ service: any CardReaderService, reader: ReaderAddress) async -> Int? {
        if let known = await service.lastKnownReceiptNumber() { return known }
        return try? await environment.database.lastReceiptNumber(readerId: reader.description)
    }

    /// Commits the `started` row under the id the reader's lock names, and marks it `requestSent`.
    private func startRow(
        orderId: Int64?, reader: ReaderAddress, kind: String, amount: Money, previous: Int?, lock: ReaderLock
    ) async throws(CardPaymentError) -> PaymentJournalRecord {
        do {
            let row = try await recorder.start(attemptId: lock.holder.attemptId, orderId: orderId, reader: reader.description,
                                               kind: kind, amount: amount, previousReceiptNumber: previous)
            try await recorder.mark(row.attemptId, .requestSent)
            return row
        } catch { throw .storage(StorageError(wrapping: error)) }
    }
}
