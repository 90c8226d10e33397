import Foundation
import GRDB

extension DerivableRequest<OutboxRecord> {
    /// Entries not yet delivered: pending or in flight.
    public func unsent() -> Self {
        filter([OutboxRecord.State.pending.rawValue, OutboxRecord.State.inFlight.rawValue]
            .contains(OutboxRecord.Columns.state))
    }

    /// Entries the server refused, waiting for a person.
    public func parked() -> Self {
        filter(OutboxRecord.Columns.state == OutboxRecord.State.parked.rawValue)
    }

    /// Entries in the order they were queued.
    public func inQueueOrder() -> Self {
        order(OutboxRecord.Columns.id)
    }
}

extension OutboxRecord {
    /// How many entries wait to be sent (pending or in flight).
    public static func pendingCount(in db: Database) throws -> Int {
        try OutboxRecord.all().unsent().fetchCount(db)
    }

    /// How many entries are parked for a person.
    public static func parkedCount(in db: Database) throws -> Int {
        try OutboxRecord.all().parked().fetchCount(db)
    }

    /// Queues a mutation, stamped with the transaction's date.
    ///
    /// - Returns: The stored entry with its id.
    @discardableResult
    public static func enqueue(
        _ kind: Kind, orderId: Int64?, entityType: String = "order", entityId: String? = nil, payload: String,
        in db: Database
    ) throws -> OutboxRecord {
        var entry = OutboxRecord(
            orderId: orderId, entityType: entityType, entityId: entityId, kind: kind, payload: payload,
            createdAt: try db.transactionDate)
        try entry.insert(db)
        return entry
    }

    /// The oldest pending entry that is due at `now` and has no earlier undelivered entry for the same order,
    /// so an order's mutations go out in the order they were made.
    public static func nextDue(at now: Date, in db: Database) throws -> OutboxRecord? {
        try OutboxRecord.fetchOne(
            db,
            sql: """
                SELECT * FROM outbox AS entry
                WHERE entry.state = 'pending'
                  AND (entry.nextAttemptAt IS NULL OR entry.nextAttemptAt <= ?)
                  AND NOT EXISTS (
                    SELECT 1 FROM outbox AS earlier
                    WHERE earlier.orderId = entry.orderId AND earlier.id < entry.id AND earlier.state <> 'done')
                ORDER BY entry.id
                LIMIT 1
                """,
            arguments: [now])
    }

    /// Marks the entry in flight and counts the attempt.
    public mutating func markInFlight(in db: Database) throws {
        try updateState(.inFlight, in: db) { $0.attemptCount += 1 }
    }

    /// Marks the entry delivered.
    public mutating func markDone(in db: Database) throws {
        try updateState(.done, in: db) { $0.lastError = nil }
    }

    /// Puts the entry back in the queue for a later attempt (backoff), keeping the error for the sync screen.
    public mutating func reschedule(at date: Date, error: String, in db: Database) throws {
        try updateState(.pending, in: db) {
            $0.nextAttemptAt = date
            $0.lastError = error
        }
    }

    /// Parks the entry for a person, with the server's reason. It is never retried by itself.
    public mutating func park(reason: String, in db: Database) throws {
        try updateState(.parked, in: db) { $0.parkedReason = reason }
    }

    /// After a crash or restart: entries left in flight go back to pending. Their outcome is unknown, so the
    /// sender must check the server (client UUID lookup) before sending them again.
    ///
    /// - Returns: How many entries were requeued.
    @discardableResult
    public static func requeueInFlight(in db: Database) throws -> Int {
        try OutboxRecord
            .filter(Columns.state == State.inFlight.rawValue)
            .updateAll(
                db, Columns.state.set(to: State.pending.rawValue), Column("updatedAt").set(to: db.transactionDate))
    }

    private mutating func updateState(_ state: State, in db: Database, _ change: (inout OutboxRecord) -> Void) throws {
        try updateChanges(db) { entry in
            entry.state = state
            change(&entry)
            entry.updatedAt = try db.transactionDate
        }
    }
}
