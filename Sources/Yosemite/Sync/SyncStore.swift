import Foundation
import Logging
import Networking
import Storage

/// Handles ``SyncAction``: drains the outbox through one ``SyncEngine`` and resolves parked entries.
@MainActor
public final class SyncStore: Store, ActionsProcessor {
    private let engine: SyncEngine

    public convenience init(dispatcher: Dispatcher, environment: AppEnvironment, network: any Network,
                            configuration: SyncEngine.Configuration = SyncEngine.Configuration(),
                            connectivity: ConnectivityMonitor = ConnectivityMonitor()) {
        self.init(dispatcher: dispatcher, environment: environment,
                  engine: SyncEngine(environment: environment, network: network, configuration: configuration,
                                     connectivity: connectivity))
    }

    /// A store that drains through `engine` (the session's one engine, which its scheduler uses too).
    init(dispatcher: Dispatcher, environment: AppEnvironment, engine: SyncEngine) {
        self.engine = engine
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: SyncAction) async throws(SyncError) -> Replied {
        let database = environment.database, logger = environment.logger
        switch action {
        case let .syncNow(maxWait, reply):
            return reply(try await Self.syncNow(engine, maxWait: maxWait))
        case let .loadQueue(reply):
            return reply(try await Self.loadQueue(database))
        case let .retryParked(entryID, reply):
            return reply(try await Self.retryParked(entryID, database, logger))
        case let .discardParked(entryID, confirmed, reply):
            guard confirmed else { throw .discardNeedsConfirmation(entryID) }
            return reply(try await Self.discardParked(entryID, database, logger))
        }
    }

    private nonisolated static func syncNow(_ engine: SyncEngine, maxWait: Duration) async throws(SyncError) -> SyncSummary {
        try await engine.sync(maxWait: maxWait)
    }

    private nonisolated static func loadQueue(_ database: AppDatabase) async throws(SyncError) -> [OutboxItem] {
        do {
            let entries = try await database.unsentAndParkedOutbox()
            return entries.map(OutboxItem.init)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    private nonisolated static func retryParked(
        _ id: Int64, _ database: AppDatabase, _ logger: Logger
    ) async throws(SyncError) -> OutboxItem {
        let retried: OutboxRecord?
        do {
            retried = try await database.retryParkedOutboxEntry(id: id)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let entry = retried else { throw .noSuchParkedEntry(id) }
        logger.notice("sync: parked entry \(id) queued again by an operator")
        return OutboxItem(entry)
    }

    private nonisolated static func discardParked(
        _ id: Int64, _ database: AppDatabase, _ logger: Logger
    ) async throws(SyncError) -> OutboxItem {
        let discarded: OutboxRecord?
        do {
            discarded = try await database.discardParkedOutboxEntry(id: id)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let entry = discarded else { throw .noSuchParkedEntry(id) }
        logger.warning(
            "sync: parked entry \(id) (\(entry.kind), order \(entry.orderId ?? 0)) discarded by an operator; reason was: \(entry.parkedReason ?? "none")")
        return OutboxItem(entry)
    }
}
