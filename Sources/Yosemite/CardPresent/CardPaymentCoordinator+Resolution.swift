import Foundation
import Hardware
import Logging
import POSFoundation
import Storage

/// Settling unresolved journal rows: with the terminal, or by hand.
extension CardPaymentCoordinator {
    /// Resolves every unresolved row on the order or on the reader with the connected terminal, recording what it
    /// finds once. Rows of another reader than the connected one stay unknown (they need that reader).
    func resolveUnresolved(saleId: Int64?, reader: ReaderAddress) async throws(CardPaymentError) -> [ResolvedAttempt] {
        let rows: [PaymentJournalRecord]
        do {
            rows = try await environment.database.unresolvedPaymentAttempts(saleId: saleId, readerId: reader.description)
        } catch { throw .storage(StorageError(wrapping: error)) }
        var results: [ResolvedAttempt] = []
        for row in rows {
            results.append(try await resolve(row, connected: reader))
        }
        return results
    }

    /// Resolves one row with the terminal it ran on.
    private func resolve(_ row: PaymentJournalRecord, connected: ReaderAddress) async throws(CardPaymentError) -> ResolvedAttempt {
        guard row.readerId == connected.description else {
            // Live on its own reader: busy, not unknown.
            if let busy = ReaderLock.busy(reader: row.readerId, in: environment.dataDirectory) { throw busy }
            return Self.attempt(row, .stillUnknown(reason: "it ran on \(row.readerId); connect that reader to resolve it"))
        }
        if row.kind == Self.endOfDayKind {
            // Nothing to charge twice: closing a batch again closes an empty one.
            do {
                try await recorder.mark(row.attemptId, .resolved,
                                        note: "end of day interrupted; run it again to be sure the batch is closed")
            } catch { throw .storage(StorageError(wrapping: error)) }
            return Self.attempt(row, .notCharged)
        }
        let unknown = UnknownCardOutcome(
            reader: row.readerId, kind: Self.kind(of: row), amount: row.amountMoney, reason: row.note ?? row.state.rawValue,
            previousReceiptNumber: row.previousReceiptNumber,
            startedAtUnixTime: Int64(row.startedAt.timeIntervalSince1970.rounded(.down)))
        let resolution: UnknownOutcomeResolution
        do {
            resolution = try await service().resolveUnknownOutcome(unknown)
        } catch let error as CardPaymentError {
            throw error
        } catch {
            return Self.attempt(row, .stillUnknown(reason: "the terminal could not be asked (\(error))"))
        }
        environment.logger.notice("card: attempt \(row.attemptId) resolved with the terminal: \(resolution)")
        do {
            switch resolution {
            case .approved(let result):
                if row.kind == "sale", row.saleId == nil, row.orderId == nil {
                    try await recorder.recordTerminalApproval(row.attemptId, result: result, receiptNumber: result.receiptNumber,
                                                              note: "found by resolution")
                } else if row.kind == "sale" {
                    try await recorder.recordSaleApproval(row.attemptId, result: result, note: "found by resolution")
                } else {
                    try await recorder.recordFoundRefundApproval(row.attemptId, result: result, note: "found by resolution",
                                                                 reason: Self.reason(row, result))
                }
                return Self.attempt(row, .approved(result))
            case .notCharged:
                try await recorder.mark(row.attemptId, .resolved, note: "not charged (the terminal's last transaction is not this attempt)")
                return Self.attempt(row, .notCharged)
            case .stillUnknown(let reason):
                try await recorder.mark(row.attemptId, .unknown, note: reason)
                return Self.attempt(row, .stillUnknown(reason: reason))
            }
        } catch { throw .storage(StorageError(wrapping: error)) }
    }

    /// Closes a row by hand after the cashier checked the terminal's journal; logged. Refused as busy while an
    /// operation holds the row's reader: the attempt may be live, and only its own operation knows its outcome.
    func markResolvedByHand(attemptId: String, charged: Bool, note: String) async throws(CardPaymentError) -> ResolvedAttempt {
        let row: PaymentJournalRecord?
        do { row = try await environment.database.paymentAttempt(id: attemptId) } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let row, row.isUnresolved else { throw .attemptNotFound(attemptId) }
        let holder = ReaderLock.Holder(operation: "resolution", pid: getpid(), since: environment.now())
        let lock = try ReaderLock.acquire(reader: row.readerId, in: environment.dataDirectory, holder: holder)
        defer { lock.release() }
        environment.logger.warning("card: attempt \(attemptId) resolved BY HAND as \(charged ? "charged" : "not charged"): \(note)")
        do {
            guard charged else {
                try await recorder.mark(attemptId, .resolved, note: "resolved by hand, not charged: \(note)")
                return Self.attempt(row, .notCharged)
            }
            let result = PaymentResult(amount: row.amountMoney)
            if row.kind == "sale", row.saleId == nil, row.orderId == nil {
                try await recorder.recordTerminalApproval(attemptId, result: result, receiptNumber: nil,
                                                          note: "resolved by hand, charged: \(note)")
            } else if row.kind == "sale" {
                try await recorder.recordSaleApproval(attemptId, result: result, note: "resolved by hand, charged: \(note)")
            } else {
                try await recorder.recordFoundRefundApproval(attemptId, result: nil, note: "resolved by hand, charged: \(note)",
                                                             reason: "Refund on the terminal (resolved by hand)")
            }
            return Self.attempt(row, .approved(result))
        } catch { throw .storage(StorageError(wrapping: error)) }
    }

    /// Every unresolved row: in progress while its operation still holds its reader, else still unknown.
    func loadUnresolved() async throws(CardPaymentError) -> [ResolvedAttempt] {
        let rows: [PaymentJournalRecord]
        do {
            rows = try await environment.database.unresolvedPaymentAttempts()
        } catch { throw .storage(StorageError(wrapping: error)) }
        return rows.map { row in
            if case .readerBusy(_, let holder)? = ReaderLock.busy(reader: row.readerId, in: environment.dataDirectory),
               holder?.attemptId == row.attemptId {
                return Self.attempt(row, .inProgress(holder))
            }
            return Self.attempt(row, .stillUnknown(reason: row.note ?? row.state.rawValue))
        }
    }

    static func attempt(_ row: PaymentJournalRecord, _ outcome: ResolvedAttempt.Outcome) -> ResolvedAttempt {
        ResolvedAttempt(attemptId: row.attemptId, orderId: row.orderId, reader: row.readerId, amount: row.amountMoney, outcome: outcome)
    }

    static func kind(of row: PaymentJournalRecord) -> UnknownCardOutcome.Kind {
        switch row.kind {
        case "refund": .refund
        case "reversal": .reversal
        default: .payment
        }
    }

    static func reason(_ row: PaymentJournalRecord, _ result: PaymentResult?) -> String {
        let receipt = result?.receiptNumber.map { ", terminal receipt \($0)" } ?? ""
        return row.kind == "reversal" ? "Reversal on the terminal\(receipt)" : "Card refund on the terminal\(receipt)"
    }
}
