import Foundation
import Hardware
import Logging
import Networking
import POSFoundation
import Storage

/// The payment journal and what an approval writes, each step one of Storage's named writes.
///
/// The row is committed `started` before the request leaves and `requestSent` as it goes. A sale approval is
/// ``AppDatabase/recordCardTender(attemptId:resultJSON:receiptNumber:fields:note:)``: the row `approved` with
/// its result and the card tender on its sale, in one transaction; when the tenders then cover the sale,
/// ``SaleService/complete(saleId:)`` writes the order and its one outbox entry. Recording is idempotent: a row
/// that is no longer unresolved is never recorded again.
struct CardPaymentRecorder: Sendable {
    let environment: AppEnvironment
    private var database: AppDatabase { environment.database }

    /// Commits a new `started` row: for a sale (`saleId`, checked against what is due), an order (refunds) or
    /// neither (a stand-alone terminal operation); under `attemptId` when the operation has one already (its reader
    /// lock names it).
    func start(
        attemptId: String? = nil, saleId: Int64? = nil, orderId: Int64? = nil, reader: String, kind: String, amount: Money,
        previousReceiptNumber: Int?
    ) async throws -> PaymentJournalRecord {
        let row = PaymentJournalRecord(
            attemptId: attemptId ?? environment.uuid.client().description, orderId: orderId, readerId: reader, kind: kind,
            amount: amount, startedAt: environment.now(), previousReceiptNumber: previousReceiptNumber, saleId: saleId)
        try await database.startCardAttempt(row)
        return row
    }

    /// Moves a row to a state (requestSent, declined, unknown, resolved), with a note.
    func mark(_ attemptId: String, _ state: PaymentJournalRecord.State, note: String? = nil) async throws {
        try await database.markAttempt(attemptId, state, note: note)
    }

    /// Records an approved sale attempt once through its sale's checkout (``Checkout/Event/cardApproved(_:)``): the
    /// tender, and when the tenders then cover the sale the order, the signature and the receipt. Returns the sale
    /// when it is complete, `nil` otherwise (already settled, more due, or its sale no longer open — then the row
    /// says to refund on the terminal).
    @discardableResult
    func recordSaleApproval(_ attemptId: String, result: PaymentResult, note: String? = nil) async throws -> Sale? {
        guard let row = try await database.paymentAttempt(id: attemptId), row.isUnresolved else { return nil }
        let sales = SaleService(environment: environment)
        if let saleId = row.saleId {
            let run: CheckoutRun?
            do {
                run = try await sales.runner.send(.cardApproved(Checkout.CardApproval(attemptId: attemptId, amount: row.amountMoney)),
                                                  to: saleId, CheckoutInputs(cardResult: result, note: note))
            } catch {
                // The checkout refused it: the sale is gone (voided, completed another way). Recorded below, to refund.
                switch error {
                case .saleRefused, .saleNotFound: run = nil
                default: throw error
                }
            }
            if let run {
                guard run.completed != nil else { return nil }
                return try await sales.sale(of: run)
            }
        }
        _ = try await recordCardTender(attemptId, result: result, note: note)
        return nil
    }

    /// The ``Checkout/Effect/recordCard(_:)`` write: the row `approved` with its result and the card tender on its
    /// sale, in one transaction, once.
    func recordCardTender(_ attemptId: String, result: PaymentResult, note: String?) async throws -> CardTenderOutcome {
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        let reader = try await database.paymentAttempt(id: attemptId)?.readerId
        let fields = CardTenderFields(
            transactionId: Self.transactionID(result, reader: reader ?? ""), cardBrand: result.cardName,
            cardLast4: result.maskedPAN?.lastFour, terminalReceiptNumber: result.receiptNumber.map(String.init),
            terminalTraceNumber: result.traceNumber.map(String.init))
        return try await database.recordCardTender(
            attemptId: attemptId, resultJSON: json, receiptNumber: result.receiptNumber, fields: fields, note: note)
    }

    /// Records an approved refund or reversal attempt found later (a resolution, by hand) once. An order's card
    /// refund goes through its checkout (``Checkout/Event/refundApproved(_:)``): recorded, signed and receipted as
    /// if the answer had come at once; a reversal, or a refund without an order, on its row (a reversal of an
    /// order's payment with the order's refund record). `note` says how it was found.
    func recordFoundRefundApproval(_ attemptId: String, result: PaymentResult?, note: String, reason: String) async throws {
        guard let row = try await database.paymentAttempt(id: attemptId), row.isUnresolved else { return }
        if row.kind == "refund", let orderId = row.orderId {
            let approval = Checkout.CardApproval(attemptId: attemptId, amount: row.amountMoney)
            do {
                _ = try await SaleService(environment: environment).runner
                    .send(.refundApproved(approval), toOrder: orderId, CheckoutInputs(cardResult: result, note: note))
                return
            } catch {
                // The checkout refused it (its order is gone): recorded below, never lost.
                switch error {
                case .saleRefused, .orderNotFound:
                    environment.logger.error("card: refund \(attemptId)'s order \(orderId) refused its approval: \(error.message)")
                default: throw error
                }
            }
        }
        _ = try await recordRefundApproval(attemptId, result: result, reason: reason)
    }

    /// Records an approved refund or reversal attempt once, with its `createRefund` outbox entry.
    func recordRefundApproval(_ attemptId: String, result: PaymentResult?, reason: String) async throws -> Int64? {
        let json = try result.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let refundUUID = environment.uuid.client().description
        return try await database.recordRefundApproval(
            attemptId: attemptId, receiptNumber: result?.receiptNumber, resultJSON: json, refundUUID: refundUUID
        ) { amount in
            RefundPayload.text(amount: amount, reason: reason, refundUUID: refundUUID, result: result)
        }
    }

    /// Records an approved operation without an order (a stand-alone terminal payment, an end of day) once: the
    /// row `approved` with the terminal's answer as JSON; nothing else (no order, no outbox). Returns false when the
    /// row was already settled.
    @discardableResult
    func recordTerminalApproval(_ attemptId: String, result: some Encodable & Sendable, receiptNumber: Int?,
                                note: String? = nil) async throws -> Bool {
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        return try await database.recordTerminalApproval(
            attemptId: attemptId, receiptNumber: receiptNumber, note: note, resultJSON: json)
    }

    /// Queues a cash refund record (no terminal involved).
    func recordCashRefund(orderId: Int64, amount: Money, reason: String) async throws -> Int64? {
        let refundUUID = environment.uuid.client().description
        let payload = RefundPayload.text(amount: amount, reason: reason, refundUUID: refundUUID, result: nil)
        return try await database.enqueueRefund(orderId: orderId, refundUUID: refundUUID, payload: payload)
    }

    /// The reference sent as `transaction_id`: the terminal ID and its receipt and trace numbers.
    static func transactionID(_ result: PaymentResult, reader: String) -> String {
        let terminal = result.terminalID ?? reader
        let receipt = result.receiptNumber.map { "receipt \($0)" } ?? ""
        let trace = result.traceNumber.map { "trace \($0)" } ?? ""
        return ([terminal] + [receipt, trace].filter { !$0.isEmpty }).joined(separator: " ")
    }
}
