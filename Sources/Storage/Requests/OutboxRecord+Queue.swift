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

    private mutating func updateState(_ state: State, in db: Database, _ change: (inout OutboxRecord) -> Void) throws {
        try updateChanges(db) { entry in
            entry.state = state
            change(&entry)
            entry.updatedAt = try db.transactionDate
        }
    }
}
