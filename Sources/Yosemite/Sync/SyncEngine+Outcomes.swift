import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// Recording what happened to sent entries: delivered, backed off, parked.
extension SyncEngine {
    /// Marks the entries in flight (counting the attempt) in one transaction and returns them as stored.
    func markInFlight(_ entries: [OutboxRecord]) async throws -> [OutboxRecord] {
        try await database.markOutboxInFlight(entries)
    }

    /// What to record for one answered entry.
    enum Delivery: Sendable {
        /// A create the store answered with this order; `problem` parks it (an empty line came back).
        case created(OutboxRecord, orderId: Int64?, server: Order, problem: String?)
        /// An update or note the store accepted.
        case accepted(OutboxRecord, orderId: Int64?)
        /// An entry the store refused.
        case refused(OutboxRecord, reason: String)
    }

    /// A created (or adopted) order: store its id, number and total; park the entry when its lines came back
    /// empty; flag a total mismatch.
    func finishCreate(_ item: Work, server: Order) async throws {
        try await record([creation(item, server: server)])
    }

    /// A delivered update or note: mark it done, and note the products whose stock a payment reduced.
    func finishOther(_ item: Work, server: Order?) async throws {
        try await record([acceptance(item, server: server)])
    }

    /// Checks a created order and notes its mismatch; the write happens in ``record(_:)``.
    func creation(_ item: Work, server: Order) -> Delivery {
        let problem = OrderReconciler.lineProblem(sent: item.body, created: server)
        if item.body["set_paid"]?.boolValue == true {
            // A sale is created paid (one entry): its stock went down now.
            touchedProducts.formUnion(server.lineItems.map(\.productID).filter { $0 != 0 })
        }
        if let order = item.order, let mismatch = OrderReconciler.mismatch(local: order, server: server) {
            run.mismatches.append(mismatch)
            logger.warning(
                "sync: order \(order.localNumber) (#\(server.number)): the store's total \(mismatch.serverTotal) or tax \(mismatch.serverTax) differs from the counter's \(mismatch.localTotal) / \(mismatch.localTax)")
        }
        if let problem {
            run.newlyParked += 1
            logger.error("sync: entry \(item.entry.id ?? 0) parked: \(problem)")
        }
        if item.body["set_paid"]?.boolValue == true {
            // Created paid (the stock was reduced with it): its products' stock is checked after the sync.
            touchedProducts.formUnion(server.lineItems.map(\.productID).filter { $0 != 0 })
        }
        return .created(item.entry, orderId: item.order?.id, server: server, problem: problem)
    }

    /// Notes the products a payment touched; the write happens in ``record(_:)``.
    func acceptance(_ item: Work, server: Order?) -> Delivery {
        if let server, item.body["set_paid"]?.boolValue == true {
            touchedProducts.formUnion(server.lineItems.map(\.productID).filter { $0 != 0 })
        }
        return .accepted(item.entry, orderId: item.order?.id)
    }

    /// Writes answered entries in one transaction (one durable commit per round, not per entry).
    func record(_ deliveries: [Delivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await database.recordOutboxDeliveries(deliveries.map { delivery in
            switch delivery {
            case .created(let entry, let orderId, let server, let problem):
                .created(entry, orderId: orderId, remoteId: server.id, remoteNumber: server.number,
                         serverTotal: server.total.minorUnits, problem: problem)
            case .accepted(let entry, let orderId): .accepted(entry, orderId: orderId)
            case .refused(let entry, let reason): .refused(entry, reason: reason)
            }
        })
    }

    /// Parks entries with the store's reason; their orders show as parked. Never dropped, never retried alone.
    func park(_ entries: [OutboxRecord], reason: String) async throws {
        run.newlyParked += entries.count
        for entry in entries {
            logger.error("sync: entry \(entry.id ?? 0) (\(entry.kind), order \(entry.orderId ?? 0)) parked: \(reason)")
        }
        try await database.parkOutboxEntries(entries, reason: reason)
    }

    /// Applies a failed send to its entries. Returns false when the sync should stop.
    func fail(_ entries: [OutboxRecord], _ error: NetworkError) async throws -> Bool {
        if case .cancelled = error, Task.isCancelled {
            // Like a crash: the entries stay in flight and are checked on the next sync.
            throw CancellationError()
        }
        run.lastError = error.message
        let failure = SyncFailure(error)
        switch failure {
        case .unreachable, .storeRefused:
            connectivity.markOffline(error: error.message)
            let message = error.message
            try await database.returnOutboxEntriesToPending(entries, error: message)
            if case .storeRefused(let reason) = failure {
                connectivity.markOnline()
                throw SyncError.storeRefused(reason)
            }
            run.unreachable = true
            logger.notice("sync: the store is unreachable (\(message)); \(entries.count) entries wait")
            return false
        case .transient(let uncertain, let retryAfter):
            if error.statusCode != nil { connectivity.markOnline() }
            let now = currentDate()
            // Entries that failed in one request are retried together (one draw of the backoff for all), so a
            // batch whose answer was lost is looked up in one lookup and resent as one batch, not entry by entry.
            let attempts = max(1, entries.map(\.attemptCount).max() ?? 1)
            let delay = configuration.backoff.delay(afterAttempt: attempts, retryAfter: retryAfter, using: &random)
            let schedule = Array(
                repeating: now.addingTimeInterval(Double(SyncBackoff.nanoseconds(delay)) / 1e9), count: entries.count)
            let uncertainIDs = uncertain ? entries.filter { $0.kind == .createOrder }.compactMap(\.id) : []
            let message = error.message
            try await database.rescheduleOutboxEntries(
                zip(entries, schedule).map { (entry: $0, at: $1) }, error: message, uncertainIds: uncertainIDs)
            logger.notice("sync: \(entries.count) entries will be retried (\(message))")
            return true
        case .refused(let reason):
            connectivity.markOnline()
            try await park(entries, reason: reason)
            return true
        }
    }
}
