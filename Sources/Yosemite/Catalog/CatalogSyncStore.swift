import Foundation
import Networking
import POSFoundation

/// Runs catalog syncs: the store settings (for the currency) beside ``CatalogSynchronizer``, their requests sharing
/// one ``RequestLimiter`` of ``CatalogSyncConfiguration/concurrency`` slots.
///
/// Without a network (the demo store) every sync fails with ``CatalogError/demoStore``.
@MainActor
public final class CatalogSyncStore: Store, ActionsProcessor {
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
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: CatalogSyncAction) async throws(CatalogError) -> Replied {
        switch action {
        case let .synchronize(full, progress, reply):
            return reply(try await synchronize(full: full, progress: progress))
        }
    }

    private func synchronize(
        full: Bool, progress: AsyncStream<CatalogSyncProgress>.Continuation?
    ) async throws(CatalogError) -> CatalogSyncReport {
        guard let network else {
            progress?.finish()
            throw .demoStore
        }
        progress?.yield(CatalogSyncProgress(phase: .settings))
        // One sync at a time: this one starts when the previous one has ended, and ends the wait of the next.
        let previous = running
        let (ended, end) = AsyncStream<Void>.makeStream()
        running = Task { for await _ in ended {} }
        defer { end.finish() }
        await previous?.value
        // SettingStore's synchronisation, through the dispatcher, beside the catalog's first requests and in the
        // same limiter: the products wait for the currency only when they are written.
        let limiter = RequestLimiter(limit: configuration.concurrency)
        let dispatcher = dispatcher
        let loadSettings: @Sendable () async throws -> Currency = { @MainActor () async throws -> Currency in
            let settings: StoreSettings
            do throws(SettingError) {
                settings = try await dispatcher.dispatch {
                    SettingAction.synchronizeStoreSettings(limiter: limiter, reply: $0)
                }
            } catch {
                throw CatalogError.settings(error)
            }
            return settings.currency
        }
        let synchronizer = CatalogSynchronizer(
            network: network, limiter: limiter, database: environment.database, currency: .settings(loadSettings),
            clock: environment.clock, now: environment.now, logger: environment.logger,
            configuration: configuration)
        return try await synchronizer.synchronize(full: full, progress: progress)
    }
}
