import Foundation
import Hardware
import POSFoundation
import Storage

/// Reads orders and writes receipts for the receipt store, through ``AppDatabase`` (GRDB's `db` is only passed
/// through closures, never named; filters are SQL text because Yosemite does not import GRDB's operators).
struct ReceiptRepository: Sendable {
    let database: AppDatabase

    /// The order a person means by `reference`: its local number ("1042") or its client UUID.
    func findOrder(reference: String) async throws -> OrderRecord? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces).trimmingPrefix("#")
        if let number = Int64(trimmed) {
            return try await database.read { db in
                try OrderRecord.fetchOne(db, sql: "SELECT * FROM \"order\" WHERE localNumber = ?", arguments: [number])
            }
        }
        guard let uuid = ClientUUID(string: String(trimmed)) else { return nil }
        return try await database.read { db in try OrderRecord.find(clientUUID: uuid, in: db) }
    }

    /// The order and everything printed with it.
    func orderData(orderID: Int64) async throws -> ReceiptOrderData? {
        guard var data = try await orderDataWithoutFiscal(orderID: orderID) else { return nil }
        data.fiscal = try await fiscal(orderID: orderID)
        return data
    }

    /// The sale's TSE data as the receipt prints it, `nil` when no TSE was asked.
    func fiscal(orderID: Int64) async throws -> ReceiptFiscal? {
        guard let row = try await database.fiscalTransaction(orderId: orderID) else { return nil }
        switch row.state {
        case .signed, .cancelled:
            guard let signature = row.signature.flatMap({ FiscalCheckout.decode(FiscalSignature.self, $0) }) else {
                return .pending
            }
            return .signed(signature)
        case .failed: return .failed(cause: row.error ?? "no answer")
        case .starting, .active, .finishing, .cancelling: return .pending
        }
    }

    /// The TSE data of the order's newest refund of `amount` (its own TSE transaction), `nil` when none was signed.
    func refundFiscal(orderID: Int64, amount: Money) async throws -> ReceiptFiscal? {
        let refunds = try await database.fiscalMovements(orderId: orderID).filter { row in
            row.kind == .refund && FiscalCheckout.decode(FiscalReceiptData.self, row.receiptData)?.payments
                .contains { $0.amount == -amount } == true
        }
        guard let row = refunds.last else { return nil }
        switch row.state {
        case .signed, .cancelled:
            guard let signature = row.signature.flatMap({ FiscalCheckout.decode(FiscalSignature.self, $0) }) else {
                return .pending
            }
            return .signed(signature)
        case .failed: return .failed(cause: row.error ?? "no answer")
        case .starting, .active, .finishing, .cancelling: return .pending
        }
    }

    private func orderDataWithoutFiscal(orderID: Int64) async throws -> ReceiptOrderData? {
        try await database.read { db in
            guard let order = try OrderRecord.fetchOne(db, key: orderID) else { return nil }
            let payments = try order.request(for: OrderRecord.payments).fetchAll(db)
            var cardResults: [Int64: PaymentResult] = [:]
            for payment in payments where payment.method == .card {
                guard let id = payment.id, let attempt = payment.journalAttemptId,
                      let journal = try PaymentJournalRecord.fetchOne(db, key: attempt),
                      let json = journal.result,
                      let result = try? JSONDecoder().decode(PaymentResult.self, from: Data(json.utf8))
                else { continue }
                cardResults[id] = result
            }
            return ReceiptOrderData(
                order: order,
                lines: try order.request(for: OrderRecord.lines).fetchAll(db),
                fees: try order.request(for: OrderRecord.fees).fetchAll(db),
                coupons: try order.request(for: OrderRecord.coupons).fetchAll(db),
                taxes: try order.request(for: OrderRecord.taxes).fetchAll(db),
                payments: payments,
                cardResults: cardResults
            )
        }
    }

    /// Orders created in `[start, end)`, oldest first, with their payments and taxes.
    func ordersData(from start: Date, to end: Date) async throws -> [ReceiptOrderData] {
        let ids: [Int64] = try await database.read { db in
            try OrderRecord.fetchAll(
                db, sql: "SELECT * FROM \"order\" WHERE createdAt >= ? AND createdAt < ? ORDER BY createdAt, id",
                arguments: [start, end]
            ).compactMap(\.id)
        }
        var result: [ReceiptOrderData] = []
        for id in ids {
            if let data = try await orderData(orderID: id) { result.append(data) }
        }
        return result
    }

    /// Stores a new receipt and returns it with its id.
    func insert(_ receipt: ReceiptRecord) async throws -> ReceiptRecord {
        try await database.performAndSave { db in
            var copy = receipt
            try copy.insert(db)
            return copy
        }
    }

    /// Saves a receipt's changed print state.
    func update(_ receipt: ReceiptRecord) async throws {
        try await database.performAndSave { db in try receipt.update(db) }
    }

    /// One receipt by id.
    func receipt(id: Int64) async throws -> ReceiptRecord? {
        try await database.read { db in try ReceiptRecord.fetchOne(db, key: id) }
    }

    /// An order's receipts, oldest first.
    func receipts(orderID: Int64) async throws -> [ReceiptRecord] {
        try await database.read { db in
            try ReceiptRecord.fetchAll(
                db, sql: "SELECT * FROM receipt WHERE orderId = ? ORDER BY createdAt, id", arguments: [orderID]
            )
        }
    }
}
