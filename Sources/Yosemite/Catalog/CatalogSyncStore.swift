import Foundation
import Networking
import POSFoundation

/// Runs catalog syncs: the store settings first (for the currency), then ``CatalogSynchronizer``.
///
/// Without a network (the demo store) every sync fails with ``CatalogError/demoStore``.
@MainActor
public final class CatalogSyncStore: Store {
    private let network: (any Network)?
    private let configuration: CatalogSyncConfiguration
    private var running: Task<Void, Never>?

    /// Creates the store; `network` is nil in the demo store.
    public init(
        dispatcher: Dispatcher, environment: AppEnvironment, network: (any Network)?,
        configuration: CatalogSyncConfiguration = CatalogSyncConfiguration()
    ) {
        self.network = network
        self.configuration = configuration
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: CatalogSyncAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? CatalogSyncAction else {
            preconditionFailure("CatalogSyncStore received \(type(of: action))")
        }
        switch action {
        case .synchronize(let full, let progress, let onCompletion):
            synchronize(full: full, progress: progress, onCompletion: onCompletion)
        }
    }

    private func synchronize(
        full: Bool, progress: AsyncStream<CatalogSyncProgress>.Continuation?,
        onCompletion: @escaping @Sendable (Result<CatalogSyncReport, CatalogError>) -> Void
    ) {
        guard let network else {
            progress?.finish()
            onCompletion(.failure(.demoStore))
            return
        }
        progress?.yield(CatalogSyncProgress(phase: .settings))
        let environment = environment
        let configuration = configuration
        let previous = running
        let settingsResult = settingsSynchronization()
        running = Task {
            await previous?.value  // one sync at a time
            let result: Result<CatalogSyncReport, CatalogError>
            switch await settingsResult() {
            case .failure(let error):
                progress?.finish()
                result = .failure(.settings(error.message))
            case .success(let settings):
                let synchronizer = CatalogSynchronizer(
                    network: network, database: environment.database, currency: settings.currency,
                    clock: environment.clock, now: environment.now, logger: environment.logger,
                    configuration: configuration)
                result = await Self.run(synchronizer, full: full, progress: progress)
            }
            onCompletion(result)
        }
    }

    /// Reuses SettingStore's synchronisation through the dispatcher.
    private func settingsSynchronization() -> @MainActor () async -> Result<StoreSettings, SettingError> {
        let dispatcher = dispatcher
        return {
            await withCheckedContinuation { continuation in
                dispatcher.dispatch(SettingAction.synchronizeStoreSettings { continuation.resume(returning: $0) })
            }
        }
    }

    nonisolated private static func run(
        _ synchronizer: CatalogSynchronizer, full: Bool, progress: AsyncStream<CatalogSyncProgress>.Continuation?
    ) async -> Result<CatalogSyncReport, CatalogError> {
        do {
            return .success(try await synchronizer.synchronize(full: full, progress: progress))
        } catch {
            return .failure(error)
        }
    }
}
