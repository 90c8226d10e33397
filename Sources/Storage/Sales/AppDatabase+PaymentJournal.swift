import Foundation
import GRDB
import POSFoundation

// MARK: - Reads

extension AppDatabase {
    /// One attempt by id.
    public func paymentAttempt(id attemptId: String) async throws -> PaymentJournalRecord? {
        try await read { db in try PaymentJournalRecord.find(attemptId: attemptId, in: db) }
    }

    /// Every unresolved attempt, oldest first.
    public func unresolvedPaymentAttempts() async throws -> [PaymentJournalRecord] {
        try await read { db in try PaymentJournalRecord.all().unresolved().fetchAll(db) }
    }

    /// The unresolved attempts on a sale or on a reader, oldest first.
    public func unresolvedPaymentAttempts(saleId: Int64?, readerId: String?) async throws -> [PaymentJournalRecord] {
        try await read { db in try PaymentJournalRecord.unresolved(saleId: saleId, readerId: readerId, in: db) }
    }

    /// The receipt number of the newest approved attempt on a reader, if any.
    public func lastReceiptNumber(readerId: String) async throws -> Int? {
        try await read { db in try PaymentJournalRecord.lastReceiptNumber(readerId: readerId, in: db) }
    }

    /// The approved sale attempt on a reader with the terminal's `receiptNumber` (the first journalled), if any.
    public func approvedSaleAttempt(readerId: String, receiptNumber: Int) async throws -> PaymentJournalRecord? {
        try await read { db in
            try Self.approvedSales(readerId: readerId)
                .filter(PaymentJournalRecord.Columns.receiptNumber == receiptNumber)
                .order(Column.rowID).fetchOne(db)
        }
    }

    /// The attempt of an order's last card payment and the terminal's answer (JSON) it journalled, if any.
    public func lastCardPaymentResult(orderId: Int64) async throws -> (attemptId: String, resultJSON: String)? {
        try await read { db -> (attemptId: String, resultJSON: String)? in
            guard let detail = try OrderRecord.detail(id: orderId, in: db),
                  let attempt = detail.payments.last(where: { $0.method == .card })?.journalAttemptId,
                  let row = try PaymentJournalRecord.find(attemptId: attempt, in: db), let json = row.result else { return nil }
            return (attempt, json)
        }
    }

    /// An order's refunds and reversals on the terminal (any state), oldest first: what went back to its card, and
    /// a card refund still in flight or unknown.
    public func refundAttempts(orderId: Int64) async throws -> [PaymentJournalRecord] {
        try await read { db in
            try PaymentJournalRecord
                .filter(PaymentJournalRecord.Columns.orderId == orderId && ["refund", "reversal"].contains(Column("kind")))
                .order(Column.rowID).fetchAll(db)
        }
    }

    private static func approvedSales(readerId: String) -> QueryInterfaceRequest<PaymentJournalRecord> {
        PaymentJournalRecord.filter(
            PaymentJournalRecord.Columns.readerId == readerId && Column("kind") == "sale"
                && PaymentJournalRecord.Columns.state == PaymentJournalRecord.State.approved.rawValue)
    }
}

// MARK: - Refunds and terminal operations

extension AppDatabase {
    /// Records an approved refund or reversal attempt once, in one transaction: the row `approved` with the
    /// terminal's answer and receipt number and, when the attempt has an order, its `createRefund` outbox entry with
    /// the body `payload` builds from the attempt's amount.
    ///
    /// - Returns: The outbox entry's id; `nil` when the row was already settled or has no order.
    public func recordRefundApproval(
        attemptId: String, receiptNumber: Int?, resultJSON: String?, refundUUID: String,
        payload: @escaping @Sendable (Money) -> String
    ) async throws -> Int64? {
        try await performAndSave { db -> Int64? in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db), row.isUnresolved else { return nil }
            row.receiptNumber = receiptNumber
            try row.update(db)
            try row.transition(to: .approved, result: resultJSON, in: db)
            guard let orderId = row.orderId else { return nil }
            let entry = try OutboxRecord.enqueue(.createRefund, orderId: orderId, entityType: "refund", entityId: refundUUID,
                                                 payload: payload(row.amountMoney), in: db)
            return entry.id
        }
    }

    /// Records an approved operation without an order (a stand-alone terminal payment, an end of day) once: the row
    /// `approved` with the terminal's answer; nothing else (no order, no outbox).
    ///
    /// - Returns: false when the row was already settled (nothing written).
    public func recordTerminalApproval(
        attemptId: String, receiptNumber: Int?, note: String?, resultJSON: String
    ) async throws -> Bool {
        try await performAndSave { db -> Bool in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db), row.isUnresolved else { return false }
            row.receiptNumber = receiptNumber
            if let note { row.note = note }
            try row.update(db)
            try row.transition(to: .approved, result: resultJSON, in: db)
            return true
        }
    }

    /// Queues an order's refund record (a cash refund: no terminal involved).
    ///
    /// - Returns: The outbox entry's id.
    public func enqueueRefund(orderId: Int64, refundUUID: String, payload: String) async throws -> Int64? {
        try await performAndSave { db in
            try OutboxRecord.enqueue(.createRefund, orderId: orderId, entityType: "refund", entityId: refundUUID,
                                     payload: payload, in: db).id
        }
    }
}
