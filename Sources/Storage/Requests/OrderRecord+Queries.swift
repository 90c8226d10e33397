import GRDB
import POSFoundation

extension DerivableRequest<OrderRecord> {
    /// Orders the server does not have yet: pending or parked.
    public func unsynced() -> Self {
        filter([OrderRecord.SyncState.pending.rawValue, OrderRecord.SyncState.parked.rawValue]
            .contains(OrderRecord.Columns.syncState))
    }

    /// Completed sales only: an order exists from its sale's first scan, but only a completed one is an order to list,
    /// report, export or refund.
    public func completed() -> Self {
        filter(OrderRecord.Columns.state == OrderRecord.State.completed.rawValue)
    }

    /// Newest sales first.
    public func newestFirst() -> Self {
        order(OrderRecord.Columns.createdAt.desc, OrderRecord.Columns.id.desc)
    }
}

extension OrderRecord {
    /// The app setting that remembers the last local order number; it survives ``AppDatabase/wipeStoreData()``
    /// so receipt numbers are never reused on this counter.
    public static let lastLocalNumberKey = "pos.lastLocalOrderNumber"

    /// The next local order number, reserved in the current transaction.
    public static func allocateLocalNumber(in db: Database) throws -> Int64 {
        let stored = try SettingRecord.value(forKey: lastLocalNumberKey, in: db).flatMap { Int64($0) } ?? 0
        let highest = try Int64.fetchOne(db, sql: "SELECT MAX(localNumber) FROM \"order\"") ?? 0
        let next = Swift.max(stored, highest) + 1
        try SettingRecord.set(String(next), forKey: lastLocalNumberKey, scope: .app, in: db)
        return next
    }

    /// The order with this client UUID, or `nil`.
    public static func find(clientUUID: ClientUUID, in db: Database) throws -> OrderRecord? {
        try OrderRecord.filter(Columns.clientUUID == clientUUID.description).fetchOne(db)
    }
}
