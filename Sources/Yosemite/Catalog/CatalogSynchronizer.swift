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
public struct CatalogSynchronizer: Sendable {
    /// The sync-state resource of product pulls.
    static let productsResource = "catalog.products"
    /// The sync-state resource of id reconciliations.
    static let reconciliationResource = "catalog.products.ids"

    let network: any Network
    let ingestor: CatalogIngestor
    let clock: any Clock<Duration>
    let now: DateGenerator
    let logger: Logger
    let configuration: CatalogSyncConfiguration

    /// Creates a synchronizer writing into `database`, pricing in `currency` and backing off on `clock`.
    public init(
        network: any Network, database: AppDatabase, currency: Currency, clock: any Clock<Duration>,
        now: DateGenerator, logger: Logger, configuration: CatalogSyncConfiguration = CatalogSyncConfiguration()
    ) {
        self.network = network
        ingestor = CatalogIngestor(database: database, currency: currency)
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
        let database = ingestor.database
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
        let run = Run(synchronizer: self, counters: counters)
        do {
            logger.info("catalog sync: \(isFull ? "full" : "incremental") sync started")
            try await run.syncReferenceData(includeCustomers: isFull || reconcileIDs)
            let serverDate: Date?
            if isFull, case let .used(fileDate) = try await run.syncFromCatalogFile() {
                // The catalog file holds the store as it was when it was generated: what changed since comes with
                // the next incremental sync (modified after that date, minus the skew).
                serverDate = fileDate
            } else {
                serverDate = try await run.syncProducts(modifiedAfter: modifiedAfter)
                if reconcileIDs {
                    // An incremental pull sees only what changed: deletions are found by listing every id.
                    try await run.reconcileIDs()
                }
                try await run.syncVariations()
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

    static func catalogError(_ error: any Error) -> CatalogError {
        switch error {
        case let error as CatalogError: error
        case let error as NetworkError: .network(error)
        default: .storage(StorageError(wrapping: error))
        }
    }
}
