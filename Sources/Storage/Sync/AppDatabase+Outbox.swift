import Foundation
import GRDB
import POSFoundation

/// What the store answered for one sent outbox entry, as the sync engine records it.
public enum OutboxDelivery: Sendable {
    /// A create the store answered with its order (`remoteId`, `remoteNumber`, `serverTotal` in minor units);
    /// `problem` parks the entry instead of finishing it.
    case created(OutboxRecord, orderId: Int64?, remoteId: Int64, remoteNumber: String, serverTotal: Int64?, problem: String?)
    /// An update or note the store accepted.
    case accepted(OutboxRecord, orderId: Int64?)
    /// An entry the store refused.
    case refused(OutboxRecord, reason: String)
}

/// The outbox's counts at the end of a sync.
public struct OutboxCounts: Hashable, Sendable {
    /// Entries not yet delivered (pending, in flight), including those waiting behind a parked one.
    public var pending: Int
    /// Pending entries that wait behind a parked entry of the same order.
    public var waitingBehindParked: Int
    /// Parked entries.
    public var parked: Int
}

/// Due outbox entries with what sending them needs, read together.
public struct OutboxWork: Sendable {
    /// The entries' orders, by id.
    public var orders: [Int64: OrderRecord]
    /// The ids of creates whose earlier send may have reached the store.
    public var uncertain: Set<Int64>
}

// MARK: - The sender's reads and writes

extension AppDatabase {
    /// Starts a sync run in one transaction: entries left in flight by a stopped sender go back to pending and are
    /// marked uncertain (their send may have reached the store); with `makeAllDue`, every pending entry's backoff is
    /// cleared (an operator's "sync now").
    ///
    /// - Returns: How many entries were in flight.
    public func beginOutboxRun(makeAllDue: Bool) async throws -> Int {
        try await performAndSave { db in
            let recovered = try OutboxRecord.requeueInFlightAsUncertain(in: db)
            if makeAllDue {
                try db.execute(sql: "UPDATE outbox SET nextAttemptAt = NULL WHERE state = 'pending'")
            }
            return recovered
        }
    }

    /// The first entries of each order's queue that are due at `now`, at most `limit`.
    public func dueOutboxHeads(at now: Date, limit: Int) async throws -> [OutboxRecord] {
        try await read { db in try OutboxRecord.dueHeads(at: now, limit: limit, in: db) }
    }

    /// When the next scheduled (backed-off) entry is due, `nil` when none waits.
    public func earliestScheduledOutboxAttempt() async throws -> Date? {
        try await read { db in try OutboxRecord.earliestScheduledAttempt(in: db) }
    }

    /// The orders of `heads` and which of them are uncertain creates, from one snapshot.
    public func outboxWork(for heads: [OutboxRecord]) async throws -> OutboxWork {
        try await read { db in
            let orders = try OrderRecord.find(ids: heads.compactMap(\.orderId), in: db)
            let uncertain = try heads.compactMap(\.id).filter { try OutboxRecord.isUncertain(id: $0, in: db) }
            return OutboxWork(orders: Dictionary(orders.map { ($0.id ?? 0, $0) }, uniquingKeysWith: { first, _ in first }),
                              uncertain: Set(uncertain))
        }
    }

    /// The outbox's pending, blocked and parked counts, from one snapshot.
    public func outboxCounts() async throws -> OutboxCounts {
        try await read { db in
            OutboxCounts(pending: try OutboxRecord.pendingCount(in: db),
                         waitingBehindParked: try OutboxRecord.waitingBehindParkedCount(in: db),
                         parked: try OutboxRecord.parkedCount(in: db))
        }
    }

    /// Marks the entries in flight (counting the attempt) in one transaction and returns them as stored.
    public func markOutboxInFlight(_ entries: [OutboxRecord]) async throws -> [OutboxRecord] {
        try await performAndSave { db in
            try entries.map { entry in
                var entry = entry
                try entry.markInFlight(in: db)
                return entry
            }
        }
    }

    /// Records answered entries in one transaction (one durable commit per round, not per entry): a created
    /// order's remote id, number and total; the entry done or parked; the order synced once all its entries are
    /// delivered, parked when one of them is.
    public func recordOutboxDeliveries(_ deliveries: [OutboxDelivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await performAndSave { db in
            for delivery in deliveries {
                switch delivery {
                case .created(var entry, let orderId, let remoteId, let remoteNumber, let serverTotal, let problem):
                    if let orderId {
                        try OrderRecord.recordRemote(
                            id: orderId, remoteId: remoteId, remoteNumber: remoteNumber, serverTotal: serverTotal, in: db)
                    }
                    try OutboxRecord.setUncertain(false, ids: [entry.id ?? 0], in: db)
                    if let problem {
                        try entry.park(reason: problem, in: db)
                        if let orderId { try OrderRecord.setSyncState(.parked, id: orderId, in: db) }
                    } else {
                        try entry.markDone(in: db)
                        if let orderId, try OrderRecord.isFullyDelivered(id: orderId, in: db) {
                            try OrderRecord.setSyncState(.synced, id: orderId, in: db)
                        }
                    }
                case .accepted(var entry, let orderId):
                    try entry.markDone(in: db)
                    if let orderId, try OrderRecord.isFullyDelivered(id: orderId, in: db) {
                        try OrderRecord.setSyncState(.synced, id: orderId, in: db)
                    }
                case .refused(var entry, let reason):
                    try entry.park(reason: reason, in: db)
                    if let orderId = entry.orderId { try OrderRecord.setSyncState(.parked, id: orderId, in: db) }
                }
            }
        }
    }

    /// Parks entries with `reason`, their orders with them, in one transaction. Never dropped, never retried alone.
    public func parkOutboxEntries(_ entries: [OutboxRecord], reason: String) async throws {
        try await performAndSave { db in
            for entry in entries {
                var entry = entry
                try entry.park(reason: reason, in: db)
                if let orderId = entry.orderId { try OrderRecord.setSyncState(.parked, id: orderId, in: db) }
            }
        }
    }

    /// Puts entries back to pending with `error` (the store was unreachable), in one transaction.
    public func returnOutboxEntriesToPending(_ entries: [OutboxRecord], error: String) async throws {
        try await performAndSave { db in
            for entry in entries {
                var entry = entry
                try entry.updateChanges(db) {
                    $0.state = .pending
                    $0.lastError = error
                }
            }
        }
    }

    /// Schedules each entry's next attempt at its date with `error`, and marks `uncertainIds` uncertain (their send
    /// may have reached the store), in one transaction.
    public func rescheduleOutboxEntries(
        _ schedule: [(entry: OutboxRecord, at: Date)], error: String, uncertainIds: [Int64]
    ) async throws {
        let schedule = schedule.map { ($0.entry, $0.at) }
        try await performAndSave { db in
            for (entry, date) in schedule {
                var entry = entry
                try entry.reschedule(at: date, error: error, in: db)
            }
            try OutboxRecord.setUncertain(true, ids: uncertainIds, in: db)
        }
    }

    /// Clears the uncertain mark of `ids` (a lookup did not find them on the store: they are sent again).
    public func clearOutboxUncertain(ids: [Int64]) async throws {
        try await performAndSave { db in try OutboxRecord.setUncertain(false, ids: ids, in: db) }
    }
}

// MARK: - The operator's queue

extension AppDatabase {
    /// The entries not yet delivered and the parked ones, in queue order.
    public func unsentAndParkedOutbox() async throws -> [OutboxRecord] {
        try await read { db in try OutboxRecord.unsentAndParked(in: db) }
    }

    /// Queues a parked entry again, its order back to pending, in one transaction; `nil` when no such parked entry.
    public func retryParkedOutboxEntry(id: Int64) async throws -> OutboxRecord? {
        try await performAndSave { db -> OutboxRecord? in
            guard let entry = try OutboxRecord.retryParked(id: id, in: db) else { return nil }
            if let orderId = entry.orderId { try OrderRecord.setSyncState(.pending, id: orderId, in: db) }
            return entry
        }
    }

    /// Discards a parked entry; `nil` when no such parked entry.
    public func discardParkedOutboxEntry(id: Int64) async throws -> OutboxRecord? {
        try await performAndSave { db in try OutboxRecord.discardParked(id: id, in: db) }
    }
}
