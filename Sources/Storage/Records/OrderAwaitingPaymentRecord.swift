import Foundation
import GRDB

/// A local order written before it is paid (a card sale), with the `POST orders` body its outbox entry gets once
/// it is paid. No outbox entry exists for it until then; paying it deletes this row in the same transaction.
public struct OrderAwaitingPaymentRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "orderAwaitingPayment"

    /// The local order.
    public var orderId: Int64
    /// The JSON body of `POST wc/v3/orders`, as the outbox will send it.
    public var createPayload: String
    public var createdAt: Date

    /// Creates a row.
    public init(orderId: Int64, createPayload: String, createdAt: Date) {
        self.orderId = orderId
        self.createPayload = createPayload
        self.createdAt = createdAt
    }

    /// The row of an order, if it awaits payment.
    public static func find(orderId: Int64, in db: Database) throws -> OrderAwaitingPaymentRecord? {
        try fetchOne(db, key: orderId)
    }

    /// How many orders await payment.
    public static func count(in db: Database) throws -> Int { try fetchCount(db) }
}
