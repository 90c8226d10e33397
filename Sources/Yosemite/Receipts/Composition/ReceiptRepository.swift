import Foundation
import Hardware
import POSFoundation
import Storage

/// Reads orders and writes receipts for the receipt store, through Storage's named reads and writes.
struct ReceiptRepository: Sendable {
    let database: AppDatabase

    /// The order a person means by `reference`: its local number ("1042") or its client UUID.
    func findOrder(reference: String) async throws -> OrderRecord? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces).trimmingPrefix("#")
        if let number = Int64(trimmed) {
            return try await database.order(localNumber: number)
        }
        guard let uuid = ClientUUID(string: String(trimmed)) else { return nil }
        return try await database.order(clientUUID: uuid)
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
        case .failed: return .failed(cause: row.error ?? FiscalCause(.noAnswer).stored)
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
        case .failed: return .failed(cause: row.error ?? FiscalCause(.noAnswer).stored)
        case .starting, .active, .finishing, .cancelling: return .pending
        }
    }

    private func orderDataWithoutFiscal(orderID: Int64) async throws -> ReceiptOrderData? {
        guard let rows = try await database.receiptOrderRows(orderId: orderID) else { return nil }
        // The journal keeps the terminal's answer as JSON; one that no longer decodes is left off the receipt.
        let cardResults = rows.cardResults.compactMapValues { json in
            try? JSONDecoder().decode(PaymentResult.self, from: Data(json.utf8))
        }
        return ReceiptOrderData(
            order: rows.order, lines: rows.lines, fees: rows.fees, coupons: rows.coupons, taxes: rows.taxes,
            payments: rows.payments, cardResults: cardResults)
    }

    /// Orders created in `[start, end)`, oldest first, with their payments and taxes.
    func ordersData(from start: Date, to end: Date) async throws -> [ReceiptOrderData] {
        let ids = try await database.orderIDs(createdFrom: start, to: end)
        var result: [ReceiptOrderData] = []
        for id in ids {
            if let data = try await orderData(orderID: id) { result.append(data) }
        }
        return result
    }

    /// Stores a new receipt and returns it with its id.
    func insert(_ receipt: ReceiptRecord) async throws -> ReceiptRecord {
        try await database.insertReceipt(receipt)
    }

    /// Saves a receipt's changed print state.
    func update(_ receipt: ReceiptRecord) async throws {
        try await database.updateReceipt(receipt)
    }

    /// One receipt by id.
    func receipt(id: Int64) async throws -> ReceiptRecord? {
        try await database.receipt(id: id)
    }

    /// An order's receipts, oldest first.
    func receipts(orderID: Int64) async throws -> [ReceiptRecord] {
        try await database.receipts(orderId: orderID)
    }
}
