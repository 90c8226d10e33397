import Foundation
import Hardware
import Networking
import POSFoundation
import Storage

/// The payment journal and what an approval writes, each step one `performAndSave` transaction.
///
/// The row is committed `started` before the request leaves and `requestSent` as it goes. An approval writes, in
/// ONE transaction: the row `approved` (with the result JSON and receipt number), the card `PaymentRecord` (and
/// the cash part of a split), the order no longer awaiting payment, and the one outbox `createOrder`, created paid.
/// Recording is idempotent: a row that is no longer unresolved is never recorded again.
struct CardPaymentRecorder: Sendable {
    let environment: AppEnvironment
    private var database: AppDatabase { environment.database }

    /// Commits a new `started` row.
    func start(
        orderId: Int64?, reader: String, kind: String, amount: Money, previousReceiptNumber: Int?
    ) async throws -> PaymentJournalRecord {
        let row = PaymentJournalRecord(
            attemptId: environment.uuid.client().description, orderId: orderId, readerId: reader, kind: kind,
            amount: amount, startedAt: environment.now(), previousReceiptNumber: previousReceiptNumber)
        try await database.performAndSave { db in try row.insert(db) }
        return row
    }

    /// Moves a row to a state (requestSent, declined, unknown, resolved), with a note.
    func mark(_ attemptId: String, _ state: PaymentJournalRecord.State, note: String? = nil) async throws {
        try await database.performAndSave { db in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db) else { return }
            if let note { row.note = note }
            try row.update(db)
            try row.transition(to: state, in: db)
        }
    }

    /// Records an approved sale attempt once; returns the order id when a payment was written, `nil` when the row
    /// was already settled or its order was paid otherwise (then the row says to refund on the terminal).
    @discardableResult
    func recordSaleApproval(_ attemptId: String, result: PaymentResult, note: String? = nil) async throws -> Int64? {
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        return try await database.performAndSave { db -> Int64? in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db), row.isUnresolved else { return nil }
            row.receiptNumber = result.receiptNumber
            row.note = note
            guard let orderId = row.orderId, var order = try OrderRecord.fetchOne(db, key: orderId),
                  let awaiting = try OrderAwaitingPaymentRecord.find(orderId: orderId, in: db) else {
                row.note = "approved on the terminal, but its order was no longer awaiting payment: refund it on the terminal"
                try row.update(db)
                try row.transition(to: .approved, result: json, in: db)
                return nil
            }
            try row.update(db)
            try row.transition(to: .approved, result: json, in: db)
            let now = try db.transactionDate
            let card = row.amountMoney
            let cash = order.totalMoney.minorUnits - card.minorUnits
            var cardPayment = PaymentRecord(
                orderId: orderId, method: .card, amount: card, transactionId: Self.transactionID(result, reader: row.readerId),
                cardBrand: result.cardName, cardLast4: result.maskedPAN?.lastFour,
                terminalReceiptNumber: result.receiptNumber.map(String.init), terminalTraceNumber: result.traceNumber.map(String.init),
                journalAttemptId: attemptId, createdAt: now)
            try cardPayment.insert(db)
            if cash > 0 {
                var cashPayment = PaymentRecord(
                    orderId: orderId, method: .cash, amount: order.money(cash), tendered: cash, change: 0,
                    transactionId: order.clientUUID.description, createdAt: now)
                try cashPayment.insert(db)
            }
            order.syncState = .pending
            order.updatedAt = now
            try order.update(db)
            try awaiting.delete(db)
            let uuid = order.clientUUID.description
            let paid = SaleBuilder.cardMarkPaidBody(
                result: result, transactionID: cardPayment.transactionId ?? uuid, cash: order.money(max(cash, 0)))
            if let create = SaleBuilder.paidCreateText(createPayload: awaiting.createPayload, paid: paid) {
                try OutboxRecord.enqueue(.createOrder, orderId: orderId, entityId: uuid, payload: create, in: db)
            } else {
                // A kept body that is not JSON is parked by the sender; the payment still goes with it unmerged.
                try OutboxRecord.enqueue(.createOrder, orderId: orderId, entityId: uuid, payload: awaiting.createPayload, in: db)
                try OutboxRecord.enqueue(.markPaid, orderId: orderId, entityId: uuid, payload: SaleBuilder.text(paid), in: db)
            }
            return orderId
        }
    }

    /// Records an approved refund or reversal attempt once, with its `createRefund` outbox entry.
    func recordRefundApproval(_ attemptId: String, result: PaymentResult?, reason: String) async throws -> Int64? {
        let json = try result.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let refundUUID = environment.uuid.client().description
        return try await database.performAndSave { db -> Int64? in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db), row.isUnresolved else { return nil }
            row.receiptNumber = result?.receiptNumber
            try row.update(db)
            try row.transition(to: .approved, result: json, in: db)
            guard let orderId = row.orderId else { return nil }
            let payload = RefundPayload.text(amount: row.amountMoney, reason: reason, refundUUID: refundUUID, result: result)
            let entry = try OutboxRecord.enqueue(.createRefund, orderId: orderId, entityType: "refund", entityId: refundUUID,
                                                 payload: payload, in: db)
            return entry.id
        }
    }

    /// Queues a cash refund record (no terminal involved).
    func recordCashRefund(orderId: Int64, amount: Money, reason: String) async throws -> Int64? {
        let refundUUID = environment.uuid.client().description
        let payload = RefundPayload.text(amount: amount, reason: reason, refundUUID: refundUUID, result: nil)
        return try await database.performAndSave { db in
            try OutboxRecord.enqueue(.createRefund, orderId: orderId, entityType: "refund", entityId: refundUUID,
                                     payload: payload, in: db).id
        }
    }

    /// The reference sent as `transaction_id`: the terminal ID and its receipt and trace numbers.
    static func transactionID(_ result: PaymentResult, reader: String) -> String {
        let terminal = result.terminalID ?? reader
        let receipt = result.receiptNumber.map { "receipt \($0)" } ?? ""
        let trace = result.traceNumber.map { "trace \($0)" } ?? ""
        return ([terminal] + [receipt, trace].filter { !$0.isEmpty }).joined(separator: " ")
    }
}
