import Foundation
import Logging
import Networking
import Storage

/// Handles ``SyncAction``: drains the outbox through one ``SyncEngine`` and resolves parked entries.
///
/// The outbox's pending count is observable through `AppDatabase.observePendingOutboxCount()`.
@MainActor
public final class SyncStore: Store {
    private let engine: SyncEngine

    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: any Network,
                configuration: SyncEngine.Configuration = SyncEngine.Configuration()) {
        engine = SyncEngine(environment: environment, network: network, configuration: configuration)
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: SyncAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? SyncAction else { return }
        switch action {
        case .syncNow(let maxWait, let onCompletion):
            syncNow(maxWait: maxWait, onCompletion: onCompletion)
        case .loadQueue(let onCompletion):
            loadQueue(onCompletion: onCompletion)
        case .retryParked(let entryID, let onCompletion):
            retryParked(entryID, onCompletion: onCompletion)
        case .discardParked(let entryID, let confirmed, let onCompletion):
            discardParked(entryID, confirmed: confirmed, onCompletion: onCompletion)
        case .loadConnectivity(let onCompletion):
            onCompletion(.success(engine.connectivity.current))
        }
    }

    private func syncNow(maxWait: Duration, onCompletion: @escaping @Sendable (Result<SyncSummary, SyncError>) -> Void) {
        let engine = engine
        Task {
            do {
                onCompletion(.success(try await engine.sync(maxWait: maxWait)))
            } catch let error as SyncError {
                onCompletion(.failure(error))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }

    private func loadQueue(onCompletion: @escaping @Sendable (Result<[OutboxItem], SyncError>) -> Void) {
        let database = environment.database
        Task {
            do {
                let entries = try await database.unsentAndParkedOutbox()
                onCompletion(.success(entries.map(OutboxItem.init)))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }

    private func retryParked(_ id: Int64, onCompletion: @escaping @Sendable (Result<OutboxItem, SyncError>) -> Void) {
        let database = environment.database
        let logger = environment.logger
        Task {
            do {
                guard let entry = try await database.retryParkedOutboxEntry(id: id) else { return onCompletion(.failure(.noSuchParkedEntry(id))) }
                logger.notice("sync: parked entry \(id) queued again by an operator")
                onCompletion(.success(OutboxItem(entry)))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }

    private func discardParked(_ id: Int64, confirmed: Bool,
                               onCompletion: @escaping @Sendable (Result<OutboxItem, SyncError>) -> Void) {
        guard confirmed else { return onCompletion(.failure(.discardNeedsConfirmation(id))) }
        let database = environment.database
        let logger = environment.logger
        Task {
            do {
                guard let entry = try await database.discardParkedOutboxEntry(id: id)
                else { return onCompletion(.failure(.noSuchParkedEntry(id))) }
                logger.warning(
                    "sync: parked entry \(id) (\(entry.kind), order \(entry.orderId ?? 0)) discarded by an operator; reason was: \(entry.parkedReason ?? "none")")
                onCompletion(.success(OutboxItem(entry)))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }
}
