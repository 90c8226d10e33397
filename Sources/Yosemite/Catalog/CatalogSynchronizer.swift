import Foundation
import Logging
import Networking
import POSFoundation
import Storage
import Synchronization

/// Pulls the catalog (products, variations, categories, taxes, coupons, customers) into the local database.
///
/// The first sync is full; later ones ask only for products changed since the last sync's server date (minus a
/// skew). A full sync removes, after its pages, the stored products whose ids did not arrive with them (deleted,
/// trashed or unpublished upstream); an incremental one every ``CatalogSyncConfiguration/reconciliationInterval``
/// pages through the published ids (`_fields=id`) for the same, and fetches what offset paging missed. Pages
/// are fetched at most ``CatalogSyncConfiguration/concurrency`` at a time with trimmed `_fields`, decoded in the
/// fetching task, and written by one writer in large transactions (``CatalogWritePipeline``), so writing never
/// holds the next request back. Where the store offers WooCommerce's POS catalog API, a full sync uses the catalog
/// file instead of pages when it is fresh (``Run/syncFromCatalogFile()``).
///
/// Every request of a sync waits in one ``RequestLimiter`` (``CatalogSyncConfiguration/concurrency`` at once,
/// first come first served): the reference lists (``Run/syncReferenceData(includeCustomers:)``) and, through
/// ``CatalogSyncStore``, the store settings are fetched beside the products, so the two slots are never idle
/// while page 1 is awaited, and the store still sees no more requests at once than before. The catalog-file
/// probe and product page 1, which the pages wait for, go ahead of the short requests (``urgentNetwork``).
public struct CatalogSynchronizer: Sendable {
    /// Where a sync's currency comes from.
    enum CurrencySource: Sendable {
        /// Known before the sync.
        case known(Currency)
        /// From the store settings, fetched beside the catalog (through the sync's limiter); the function throws
        /// ``CatalogError/settings(_:)`` when they fail.
        case settings(@Sendable () async throws -> Currency)
    }

    /// The sync-state resource of product pulls.
    static let productsResource = "catalog.products"
    /// The sync-state resource of id reconciliations.
    static let reconciliationResource = "catalog.products.ids"

    /// The network, through ``limiter``.
    let network: any Network
    /// The network through ``limiter`` for the requests the rest of the pull waits for (the catalog-file probe,
    /// product page 1): they take the next free slot.
    let urgentNetwork: any Network
    let limiter: RequestLimiter
    let database: AppDatabase
    let currency: CurrencySource
    let clock: any Clock<Duration>
    let now: DateGenerator
    let logger: Logger
    let configuration: CatalogSyncConfiguration

    /// Creates a synchronizer writing into `database`, pricing in `currency` and backing off on `clock`.
    public init(
        network: any Network, database: AppDatabase, currency: Currency, clock: any Clock<Duration>,
        now: DateGenerator, logger: Logger, configuration: CatalogSyncConfiguration = CatalogSyncConfiguration()
    ) {
        self.init(
            network: network, limiter: RequestLimiter(limit: configuration.concurrency), database: database,
            currency: .known(currency), clock: clock, now: now, logger: logger, configuration: configuration)
    }

    /// Creates a synchronizer whose requests wait in `limiter` (shared with whoever fetches the settings).
    init(
        network: any Network, limiter: RequestLimiter, database: AppDatabase, currency: CurrencySource,
        clock: any Clock<Duration>, now: DateGenerator, logger: Logger, configuration: CatalogSyncConfiguration
    ) {
        self.network = network.limited(by: limiter)
        urgentNetwork = network.limited(by: limiter, urgent: true)
        self.limiter = limiter
        self.database = database
        self.currency = currency
        self.clock = clock
        self.now = now
        self.logger = logger
        self.configuration = configuration
    }

    /// Runs one sync.
    ///
    /// - Parameters:
    ///   - full: Fetch everything and reconcile, even when an incremental sync would do.
    ///   - progress: Receives the progress; it is finished when the sync ends.
    /// - Returns: What the sync did.
    public func synchronize(
        full: Bool = false, progress: AsyncStream<CatalogSyncProgress>.Continuation? = nil
    ) async throws(CatalogError) -> CatalogSyncReport {
        let database = database
        let states: (SyncStateRecord, SyncStateRecord)
        do {
            states = try await database.syncStates(Self.productsResource, Self.reconciliationResource)
        } catch {
            progress?.finish()
            throw .storage(StorageError(wrapping: error))
        }
        let (productState, idState) = states
        let startedAt = now()
        let isFull = full || productState.lastFullSyncAt == nil || productState.highWaterMark == nil
        let lastReconciled = [productState.lastFullSyncAt, idState.lastFullSyncAt].compactMap(\.self).max()
        let reconcileIDs =
            !isFull
            && (lastReconciled.map { startedAt.timeIntervalSince($0) >= configuration.reconciliationInterval } ?? true)
        let modifiedAfter =
            isFull ? nil : productState.highWaterMark?.addingTimeInterval(-configuration.modifiedAfterSkew)

        let counters = CatalogSyncCounters(mode: isFull ? .full : .incremental, continuation: progress)
        let currency: PendingValue<Currency>
        let loadSettings: (@Sendable () async throws -> Currency)?
        switch self.currency {
        case let .known(known):
            currency = PendingValue(known)
            loadSettings = nil
        case let .settings(load):
            currency = PendingValue()
            loadSettings = load
        }
        let run = Run(synchronizer: self, counters: counters, currency: currency)
        do {
            logger.info("catalog sync: \(isFull ? "full" : "incremental") sync started")
            let serverDate = try await Self.beside(loadSettings, settling: currency) {
                try await run.pull(full: isFull, reconcileIDs: reconcileIDs, modifiedAfter: modifiedAfter)
            }
            let highWaterMark = serverDate ?? startedAt
            try await database.recordCatalogSync(
                resource: Self.productsResource, reconciliationResource: Self.reconciliationResource,
                highWaterMark: highWaterMark, startedAt: startedAt, full: isFull, reconciled: reconcileIDs)
            counters.update { $0.serverDate = highWaterMark }
        } catch {
            counters.finish()
            logger.error("catalog sync failed: \(error)")
            throw Self.catalogError(error)
        }
        counters.finish()
        let report = counters.report
        logger.info(
            "catalog sync: done",
            metadata: [
                "products": "\(report.productsStored)", "variations": "\(report.variationsStored)",
                "removed": "\(report.productsRemoved)",
            ])
        return report
    }

    /// Runs `pull` beside `loadSettings` (when given), which settles `currency`.
    ///
    /// The settings' failure ends the sync at once (the pull is cancelled) and is the error thrown. When the pull
    /// fails first, the settings are let finish: their failure, if any, is still the one reported, as when they
    /// were fetched before the pull.
    static func beside(
        _ loadSettings: (@Sendable () async throws -> Currency)?, settling currency: PendingValue<Currency>,
        pull: @escaping @Sendable () async throws -> Date?
    ) async throws -> Date? {
        guard let loadSettings else { return try await pull() }
        enum Outcome: Sendable {
            case settings((any Error)?)
            case pull(Result<Date?, any Error>)
        }
        let result = await withTaskGroup(of: Outcome.self) { group -> Result<Date?, any Error> in
            group.addTask {
                do {
                    currency.settle(.success(try await loadSettings()))
                    return .settings(nil)
                } catch {
                    currency.settle(.failure(error))
                    return .settings(error)
                }
            }
            group.addTask {
                do { return .pull(.success(try await pull())) } catch { return .pull(.failure(error)) }
            }
            var settingsDone = false
            var pulled: Result<Date?, any Error>?
            while let outcome = await group.next() {
                switch outcome {
                case let .settings(error?):
                    group.cancelAll()
                    return .failure(error)
                case .settings(nil):
                    settingsDone = true
                    if let pulled { return pulled }
                case let .pull(result):
                    if settingsDone { return result }
                    pulled = result
                }
            }
            return pulled ?? .failure(CancellationError())
        }
        return try result.get()
    }

    static func catalogError(_ error: any Error) -> CatalogError {
        switch error {
        case let error as CatalogError: error
        case let error as NetworkError: .network(error)
        default: .storage(StorageError(wrapping: error))
        }
    }
}
