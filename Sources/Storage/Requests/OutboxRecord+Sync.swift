import Foundation
import GRDB

/// The sync engine's queries and state changes on the outbox, beyond the basic queue of `OutboxRecord+Queue`.
extension OutboxRecord {
    /// Up to `limit` entries that may be sent now: pending, due at `now`, and each the oldest undelivered entry
    /// of its order (so an order's entries stay in order). Oldest first.
    public static func dueHeads(at now: Date, limit: Int, in db: Database) throws -> [OutboxRecord] {
        try OutboxRecord.fetchAll(
            db,
            sql: """
                SELECT * FROM outbox AS entry
                WHERE entry.state = 'pending'
                  AND (entry.nextAttemptAt IS NULL OR entry.nextAttemptAt <= ?)
                  AND NOT EXISTS (
                    SELECT 1 FROM outbox AS earlier
                    WHERE earlier.orderId = entry.orderId AND earlier.id < entry.id AND earlier.state <> 'done')
                ORDER BY entry.id
                LIMIT ?
                """,
            arguments: [now, limit])
    }

    /// The earliest time a pending entry waits for, or `nil` when none waits.
    public static func earliestScheduledAttempt(in db: Database) throws -> Date? {
        try Date.fetchOne(db, sql: "SELECT MIN(nextAttemptAt) FROM outbox WHERE state = 'pending'")
    }

    /// Whether the entry's last send may have reached the server without an answer.
    public static func isUncertain(id: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT uncertain FROM outbox WHERE id = ?", arguments: [id]) ?? false
    }

    /// Sets or clears the uncertain flag of the entries.
    public static func setUncertain(_ uncertain: Bool, ids: [Int64], in db: Database) throws {
        guard !ids.isEmpty else { return }
        try db.execute(
            sql: "UPDATE outbox SET uncertain = ? WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
            arguments: StatementArguments([uncertain] + ids.map { $0 as any DatabaseValueConvertible }))
    }

    /// After a crash: entries left in flight go back to pending, flagged uncertain so creates are looked up
    /// before they are sent again.
    ///
    /// - Returns: How many entries were requeued.
    @discardableResult
    public static func requeueInFlightAsUncertain(in db: Database) throws -> Int {
        try db.execute(
            sql: "UPDATE outbox SET state = 'pending', uncertain = 1, updatedAt = ? WHERE state = 'inFlight'",
            arguments: [db.transactionDate])
        return db.changesCount
    }

    /// A parked entry, made pending again for the next sync (a person fixed the cause).
    ///
    /// - Returns: The entry, or `nil` when no parked entry has this id.
    public static func retryParked(id: Int64, in db: Database) throws -> OutboxRecord? {
        guard var entry = try OutboxRecord.fetchOne(db, key: id), entry.state == .parked else { return nil }
        try entry.updateChanges(db) {
            $0.state = .pending
            $0.nextAttemptAt = nil
            $0.updatedAt = try db.transactionDate
        }
        return entry
    }

    /// A parked entry given up by a person: marked done with the reason kept, so it no longer blocks its order.
    ///
    /// - Returns: The entry, or `nil` when no parked entry has this id.
    public static func discardParked(id: Int64, in db: Database) throws -> OutboxRecord? {
        guard var entry = try OutboxRecord.fetchOne(db, key: id), entry.state == .parked else { return nil }
        try entry.updateChanges(db) {
            $0.state = .done
            $0.lastError = "discarded by an operator: \($0.parkedReason ?? "no reason")"
            $0.updatedAt = try db.transactionDate
        }
        return entry
    }

    /// Undelivered entries that wait behind a parked entry of the same order: they go out once it is resolved.
    public static func waitingBehindParkedCount(in db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) FROM outbox AS entry
                WHERE entry.state IN ('pending', 'inFlight')
                  AND EXISTS (
                    SELECT 1 FROM outbox AS earlier
                    WHERE earlier.orderId = entry.orderId AND earlier.id < entry.id AND earlier.state = 'parked')
                """) ?? 0
    }

    /// Undelivered and parked entries, in queue order.
    public static func unsentAndParked(in db: Database) throws -> [OutboxRecord] {
        try OutboxRecord.filter([State.pending.rawValue, State.inFlight.rawValue, State.parked.rawValue]
            .contains(Columns.state)).inQueueOrder().fetchAll(db)
    }
}

extension OrderRecord {
    /// The order with this local id, or `nil`.
    public static func find(id: Int64, in db: Database) throws -> OrderRecord? {
        try OrderRecord.fetchOne(db, key: id)
    }

    /// The orders with these local ids.
    public static func find(ids: [Int64], in db: Database) throws -> [OrderRecord] {
        try OrderRecord.fetchAll(db, keys: ids)
    }

    /// The order's lines in cart order.
    public static func lines(orderId: Int64, in db: Database) throws -> [OrderLineRecord] {
        try OrderLineRecord.filter(OrderLineRecord.Columns.orderId == orderId)
            .order(OrderLineRecord.Columns.position).fetchAll(db)
    }

    /// Records what the server answered for the order: its id, number and total.
    public static func recordRemote(
        id: Int64, remoteId: Int64, remoteNumber: String, serverTotal: Int64?, in db: Database
    ) throws {
        try db.execute(
            sql: """
                UPDATE "order" SET remoteId = ?, remoteNumber = ?, serverTotal = COALESCE(?, serverTotal) WHERE id = ?
                """,
            // Not `updatedAt`: that is when the sale last changed (the customer display follows it), not its sync.
            arguments: [remoteId, remoteNumber, serverTotal, id])
    }

    /// Sets the order's sync state.
    public static func setSyncState(_ state: SyncState, id: Int64, in db: Database) throws {
        try db.execute(
            sql: "UPDATE \"order\" SET syncState = ?, updatedAt = ? WHERE id = ?",
            arguments: [state.rawValue, db.transactionDate, id])
    }

    /// Whether every outbox entry of the order is delivered.
    public static func isFullyDelivered(id: Int64, in db: Database) throws -> Bool {
        try OutboxRecord.filter(OutboxRecord.Columns.orderId == id && OutboxRecord.Columns.state != "done")
            .fetchCount(db) == 0
    }
}
