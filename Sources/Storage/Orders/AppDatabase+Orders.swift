import Foundation
import GRDB
import POSFoundation

/// One order with what its receipt prints, read in one snapshot.
public struct ReceiptOrderRows: Sendable {
    public var order: OrderRecord
    public var lines: [OrderLineRecord]
    public var fees: [OrderFeeRecord]
    public var coupons: [OrderCouponRecord]
    public var taxes: [OrderTaxRecord]
    public var payments: [PaymentRecord]
    /// The terminal's answer (JSON, as journalled) of each card payment, by payment id.
    public var cardResults: [Int64: String]
}

// MARK: - Orders

extension AppDatabase {
    /// The orders matching `filter`, newest first, each with everything that belongs to it, from one snapshot.
    public func orderHistory(_ filter: OrderHistoryFilter) async throws -> [OrderRecordDetail] {
        try await read { db in
            try OrderRecord.history(filter, in: db).compactMap { order in
                try order.id.flatMap { try OrderRecord.detail(id: $0, in: db) }
            }
        }
    }

    /// The order with this local number, client UUID or server number ("#123"), `nil` if none.
    public func order(reference: String) async throws -> OrderRecord? {
        try await read { db in try OrderRecord.find(reference: reference, in: db) }
    }

    /// The order a reference names (see ``order(reference:)``) with everything that belongs to it.
    public func orderDetail(reference: String) async throws -> OrderRecordDetail? {
        try await read { db in
            try OrderRecord.find(reference: reference, in: db).flatMap { order in
                try order.id.flatMap { try OrderRecord.detail(id: $0, in: db) }
            }
        }
    }

    /// One order with its lines, fees, coupons, taxes, payments and outbox entries.
    public func orderDetail(id: Int64) async throws -> OrderRecordDetail? {
        try await read { db in try OrderRecord.detail(id: id, in: db) }
    }

    /// The order with this local number.
    public func order(localNumber: Int64) async throws -> OrderRecord? {
        try await read { db in try OrderRecord.all().completed().filter(OrderRecord.Columns.localNumber == localNumber).fetchOne(db) }
    }

    /// The order with this client UUID.
    public func order(clientUUID: ClientUUID) async throws -> OrderRecord? {
        try await read { db in try OrderRecord.find(clientUUID: clientUUID, in: db) }
    }

    /// The ids of the orders completed in `[start, end)`, oldest first.
    public func orderIDs(createdFrom start: Date, to end: Date) async throws -> [Int64] {
        try await read { db in
            try OrderRecord.all().completed().filter(OrderRecord.Columns.createdAt >= start && OrderRecord.Columns.createdAt < end)
                .order(OrderRecord.Columns.createdAt, Column("id")).fetchAll(db).compactMap(\.id)
        }
    }

    /// One order with what its receipt prints (lines, fees, coupons, taxes, payments, the card payments' terminal
    /// answers), `nil` when no such order.
    public func receiptOrderRows(orderId: Int64) async throws -> ReceiptOrderRows? {
        try await read { db in
            guard let order = try OrderRecord.fetchOne(db, key: orderId) else { return nil }
            let payments = try order.request(for: OrderRecord.payments).fetchAll(db)
            var cardResults: [Int64: String] = [:]
            for payment in payments where payment.method == .card {
                guard let id = payment.id, let attempt = payment.journalAttemptId,
                      let journal = try PaymentJournalRecord.fetchOne(db, key: attempt), let json = journal.result
                else { continue }
                cardResults[id] = json
            }
            return ReceiptOrderRows(
                order: order,
                lines: try order.request(for: OrderRecord.lines).fetchAll(db),
                fees: try order.request(for: OrderRecord.fees).fetchAll(db),
                coupons: try order.request(for: OrderRecord.coupons).fetchAll(db),
                taxes: try order.request(for: OrderRecord.taxes).fetchAll(db),
                payments: payments,
                cardResults: cardResults)
        }
    }
}

// MARK: - Receipts

extension AppDatabase {
    /// Stores a new receipt and returns it with its id.
    public func insertReceipt(_ receipt: ReceiptRecord) async throws -> ReceiptRecord {
        try await performAndSave { db in
            var copy = receipt
            try copy.insert(db)
            return copy
        }
    }

    /// Saves a receipt's changed print state.
    public func updateReceipt(_ receipt: ReceiptRecord) async throws {
        try await performAndSave { db in try receipt.update(db) }
    }

    /// One receipt by id.
    public func receipt(id: Int64) async throws -> ReceiptRecord? {
        try await read { db in try ReceiptRecord.fetchOne(db, key: id) }
    }

    /// An order's receipts, oldest first.
    public func receipts(orderId: Int64) async throws -> [ReceiptRecord] {
        try await read { db in
            try ReceiptRecord.filter(Column("orderId") == orderId).order(Column("createdAt"), Column("id")).fetchAll(db)
        }
    }
}
