import Foundation
import Localization
import Logging
import Networking
import POSFoundation
import Storage

/// Sending one round of due entries: lookups for uncertain creates, then a batch or single requests.
extension SyncEngine {
    /// An entry with its order and decoded body.
    struct Work: Sendable {
        var entry: OutboxRecord
        var order: OrderRecord?
        var body: JSONValue
    }

    /// Sends one round of due heads. Returns false when the sync should stop (the store is unreachable).
    func process(_ heads: [OutboxRecord]) async throws -> Bool {
        let stored = try await database.outboxWork(for: heads)
        let (orders, uncertain) = (stored.orders, stored.uncertain)
        var work: [Work] = []
        for entry in heads {
            let order = entry.orderId.flatMap { orders[$0] }
            guard let body = try? JSONDecoder().decode(JSONValue.self, from: Data(entry.payload.utf8)) else {
                try await park([entry], reason: L10n.tr("sync.parked.invalidPayload"))
                continue
            }
            if entry.orderId != nil, order == nil {
                try await park([entry], reason: L10n.tr("sync.parked.orderGone", ["order": String(entry.orderId ?? 0)]))
                continue
            }
            work.append(Work(entry: entry, order: order, body: body))
        }
        guard let rest = try await adoptUncertainCreates(work, uncertain: uncertain) else { return false }
        return try await send(rest)
    }

    /// Looks up creates whose earlier send may have reached the store, adopts those found, and returns what
    /// still has to be sent (`nil` when the store is unreachable).
    private func adoptUncertainCreates(_ work: [Work], uncertain: Set<Int64>) async throws -> [Work]? {
        let lookups = work.filter { item in
            item.entry.kind == .createOrder && (uncertain.contains(item.entry.id ?? 0) || item.order?.remoteId != nil)
        }
        guard !lookups.isEmpty else { return work }
        let uuids = Set(lookups.compactMap { $0.order?.clientUUID })
        let earliest = lookups.compactMap { $0.order?.createdAt }.min() ?? currentDate()
        let found: [ClientUUID: Order]
        do {
            found = try await sender.lookUp(clientUUIDs: uuids, after: earliest.addingTimeInterval(-configuration.lookupSkew))
        } catch {
            return try await fail(work.map(\.entry), error) ? [] : nil
        }
        try Task.checkCancellation()
        connectivity.markOnline()
        var adoptedIDs = Set<Int64>()
        for item in lookups {
            guard let order = item.order, let server = found[order.clientUUID] else { continue }
            logger.notice("sync: order \(order.localNumber) is already on the store as #\(server.number); adopted")
            try await finishCreate(item, server: server)
            run.adopted += 1
            adoptedIDs.insert(item.entry.id ?? 0)
        }
        let notFound = lookups.compactMap(\.entry.id).filter { !adoptedIDs.contains($0) }
        try await database.clearOutboxUncertain(ids: notFound)
        return work.filter { !adoptedIDs.contains($0.entry.id ?? 0) }
    }

    private func send(_ work: [Work]) async throws -> Bool {
        var batchable: [Work] = []
        var singles: [Work] = []
        for item in work {
            switch item.entry.kind {
            case .createOrder:
                batchable.append(item)
            case .markPaid, .updateOrderStatus, .addNote, .createRefund:
                guard item.order?.remoteId != nil else {
                    try await park([item.entry], reason: L10n.tr("sync.parked.noRemoteId"))
                    continue
                }
                if item.entry.kind == .addNote || item.entry.kind == .createRefund { singles.append(item) } else { batchable.append(item) }
            default:
                try await park([item.entry], reason: L10n.tr("sync.parked.unknownKind", ["kind": "\(item.entry.kind)"]))
            }
        }
        if batchable.count >= 2 {
            guard try await sendBatch(batchable) else { return false }
        } else {
            singles = batchable + singles
        }
        for item in singles.sorted(by: { ($0.entry.id ?? 0) < ($1.entry.id ?? 0) }) {
            guard try await sendSingle(item) else { return false }
        }
        return true
    }

    /// Sends one entry on its own. Returns false when the sync should stop.
    func sendSingle(_ item: Work) async throws -> Bool {
        var item = item
        item.entry = try await markInFlight([item.entry])[0]
        let remoteId = item.order?.remoteId ?? 0
        do {
            switch item.entry.kind {
            case .createOrder:
                let order = try await sender.createOrder(item.body)
                try Task.checkCancellation()
                try await finishCreate(item, server: order)
            case .addNote:
                try await sender.addNote(orderID: remoteId, item.body)
                try Task.checkCancellation()
                try await finishOther(item, server: nil)
            case .createRefund:
                // Not idempotent: a refund whose earlier send may have arrived is looked up by its UUID first.
                let uuid = item.entry.entityId ?? ""
                if item.entry.attemptCount > 1, !uuid.isEmpty, try await sender.hasRefund(orderID: remoteId, refundUUID: uuid) {
                    logger.notice("sync: refund \(uuid) is already on the store; adopted")
                } else {
                    try await sender.createRefund(orderID: remoteId, item.body)
                }
                try Task.checkCancellation()
                try await finishOther(item, server: nil)
            default:
                let order = try await sender.updateOrder(id: remoteId, item.body)
                try Task.checkCancellation()
                try await finishOther(item, server: order)
            }
        } catch let error as NetworkError {
            return try await fail([item.entry], error)
        }
        connectivity.markOnline()
        run.sent += 1
        return true
    }

    /// Sends creates and updates in one `orders/batch` request; a batch refused as a whole is sent entry by entry.
    private func sendBatch(_ items: [Work]) async throws -> Bool {
        let flown = try await markInFlight(items.map(\.entry))
        var items = items
        for index in items.indices { items[index].entry = flown[index] }
        let creates = items.filter { $0.entry.kind == .createOrder }
        let updates = items.filter { $0.entry.kind != .createOrder }
        let result: OrderBatchResult
        do {
            result = try await sender.batch(
                creates: creates.map(\.body), updates: updates.map { ($0.order?.remoteId ?? 0, $0.body) })
        } catch {
            if case .refused = SyncFailure(error) {
                logger.notice("sync: the store refused a batch (\(error.message)); sending its entries one by one")
                for item in items { guard try await sendSingle(item) else { return false } }
                return true
            }
            return try await fail(flown, error)
        }
        try Task.checkCancellation()
        connectivity.markOnline()
        var deliveries: [Delivery] = []
        var unanswered: [OutboxRecord] = []
        for (results, group) in [(result.create, creates), (result.update, updates)] {
            for (index, item) in group.enumerated() {
                guard index < results.count else {
                    unanswered.append(item.entry)
                    continue
                }
                switch results[index] {
                case .order(let order):
                    deliveries.append(
                        item.entry.kind == .createOrder ? creation(item, server: order) : acceptance(item, server: order))
                    run.sent += 1
                case .failed(_, let error):
                    run.newlyParked += 1
                    logger.error("sync: entry \(item.entry.id ?? 0) (\(item.entry.kind)) parked: \(error.description)")
                    deliveries.append(.refused(item.entry, reason: error.description))
                }
            }
        }
        try await record(deliveries)
        if !unanswered.isEmpty {
            _ = try await fail(unanswered, .malformedResponse(path: "orders/batch", reason: L10n.tr("sync.batch.itemsMissing")))
        }
        return true
    }
}
