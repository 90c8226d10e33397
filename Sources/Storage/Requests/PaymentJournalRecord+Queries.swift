import Foundation
import GRDB

extension DerivableRequest<PaymentJournalRecord> {
    /// Attempts whose outcome must still be settled with the terminal, oldest first.
    public func unresolved() -> Self {
        filter(PaymentJournalRecord.State.unresolved.map(\.rawValue).contains(PaymentJournalRecord.Columns.state))
            .order(PaymentJournalRecord.Columns.startedAt)
    }
}

extension PaymentJournalRecord {
    /// How many attempts are unresolved (started, request sent, or unknown).
    public static func unresolvedCount(in db: Database) throws -> Int {
        try PaymentJournalRecord.all().unresolved().fetchCount(db)
    }

    /// Moves the attempt to `state`, with the terminal's result JSON if given, stamped with the transaction's
    /// date. Final states also set ``resolvedAt``.
    public mutating func transition(to state: State, result: String? = nil, in db: Database) throws {
        try updateChanges(db) { entry in
            entry.state = state
            if let result { entry.result = result }
            let now = try db.transactionDate
            entry.updatedAt = now
            if !State.unresolved.contains(state) { entry.resolvedAt = now }
        }
    }
}

extension PaymentJournalRecord {
    /// The unresolved attempts on a sale or on a reader, oldest first.
    public static func unresolved(saleId: Int64?, readerId: String?, in db: Database) throws -> [PaymentJournalRecord] {
        try PaymentJournalRecord.all().unresolved().fetchAll(db).filter { row in
            (saleId != nil && row.saleId == saleId) || (readerId != nil && row.readerId == readerId)
        }
    }

    /// Approved payments, refunds and reversals without an order (`pos reader pay|refund|reverse`) started in
    /// `[start, end)`, oldest first. End-of-day rows are left out.
    public static func approvedWithoutOrder(startedFrom start: Date, to end: Date, in db: Database) throws -> [PaymentJournalRecord] {
        try PaymentJournalRecord
            .filter(Columns.orderId == nil && Columns.state == State.approved.rawValue)
            .filter(Columns.startedAt >= start && Columns.startedAt < end)
            .filter(["sale", "refund", "reversal"].contains(Column("kind")))
            .order(Columns.startedAt)
            .fetchAll(db)
    }

    /// The receipt number of the newest approved attempt on a reader, if any.
    public static func lastReceiptNumber(readerId: String, in db: Database) throws -> Int? {
        try PaymentJournalRecord
            .filter(Columns.readerId == readerId && Columns.receiptNumber != nil)
            .order(Column("updatedAt").desc)
            .fetchOne(db)?.receiptNumber
    }

    /// One attempt by id.
    public static func find(attemptId: String, in db: Database) throws -> PaymentJournalRecord? {
        try PaymentJournalRecord.fetchOne(db, key: attemptId)
    }
}
