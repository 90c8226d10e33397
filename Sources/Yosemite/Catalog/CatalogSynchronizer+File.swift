import Foundation
import Logging
import Networking
import POSFoundation
import Storage

extension CatalogSynchronizer.Run {
    /// What became of the POS catalog file on a full sync.
    enum FileOutcome: Equatable {
        /// The file was fresh and is stored: the products and variations are done, as of the file's `date`.
        case used(date: Date)
        /// No file was used: page as before.
        case page(FileReason)
    }

    /// Why a full sync paged instead of using the catalog file.
    enum FileReason: Equatable {
        case disabled
        /// The host refused the file (or the store lacks the API) less than a day ago.
        case refusedRecently
        /// The store has no POS catalog API (WooCommerce before 10.5).
        case notOffered
        /// The host blocked the file (a 403 or an HTML page).
        case blocked
        /// The file is being generated (asked for by this sync or another register's).
        case generating
        /// A product changed after the file was generated; a new one was asked for.
        case stale
        /// The API failed otherwise.
        case failed
    }

    /// On a full sync, where the store offers WooCommerce's POS catalog API: uses the catalog file when it is
    /// fresh (generated after the store's last product change), else asks for one and pages meanwhile.
    ///
    /// A host that refuses the file (a 403, an HTML page instead of the JSON list, or a store without the API) is
    /// recorded (``AppDatabase/recordCatalogFileRefused(at:)``), and the file is not asked for again for
    /// ``CatalogSyncConfiguration/catalogFileRetryInterval`` (a day): those syncs page without a request more.
    /// Freshness is one cheap request: a product modified after the file's `scheduled_at` (`modified_after`,
    /// `per_page=1`, `_fields=id`) makes the file stale, and a new generation is asked for (`force`).
    func syncFromCatalogFile() async throws -> FileOutcome {
        guard configuration.usesCatalogFile else { return .page(.disabled) }
        let database = database
        let logger = synchronizer.logger
        let now = synchronizer.now()
        if let refused = try await database.catalogFileRefusedAt(),
           now.timeIntervalSince(refused) < configuration.catalogFileRetryInterval {
            return .page(.refusedRecently)
        }
        // The probe goes ahead of the short requests: the pages (or the file) wait for its answer.
        let remote = POSCatalogRemote(network: synchronizer.urgentNetwork)
        let fields = CatalogSyncConfiguration.productFields
        let variationFields = CatalogSyncConfiguration.variationFields
        let status: POSCatalogRemote.Status
        do {
            status = try await remote.create(force: false, productFields: fields, variationFields: variationFields)
        } catch {
            switch error {
            case .notFound, .wooCommerceMissing, .forbidden:
                logger.info("catalog sync: the store offers no POS catalog file; paging, asking again in a day")
                try await database.recordCatalogFileRefused(at: now)
                return .page(.notOffered)
            default:
                logger.notice("catalog sync: asking for the POS catalog file failed (\(error)); paging")
                return .page(.failed)
            }
        }
        guard status.isCompleted, let url = status.url else {
            logger.info("catalog sync: the POS catalog file is \(status.state) (\(status.progress)%); paging meanwhile")
            return .page(.generating)
        }
        let generatedAt = status.scheduledAt ?? status.completedAt ?? .distantPast
        let changed = try await retrier.run("products changed since the catalog file") { () throws(NetworkError) in
            try await ProductsRemote(network: self.synchronizer.network).loadProducts(
                ProductsRemote.Query(perPage: 1, modifiedAfter: generatedAt, status: nil, fields: ["id"]))
        }
        if !changed.items.isEmpty {
            logger.info("catalog sync: the POS catalog file is older than a product change; asking for a new one, paging")
            _ = try? await remote.create(force: true, productFields: fields, variationFields: variationFields)
            return .page(.stale)
        }
        let catalog: POSCatalogRemote.Catalog
        do {
            catalog = try await remote.download(url)
        } catch POSCatalogRemote.FileError.blocked, NetworkError.forbidden, NetworkError.notFound {
            logger.notice("catalog sync: the host blocks the POS catalog file; paging, asking again in a day")
            try await database.recordCatalogFileRefused(at: now)
            return .page(.blocked)
        } catch {
            logger.notice("catalog sync: downloading the POS catalog file failed (\(error)); paging")
            return .page(.failed)
        }
        try await store(catalog)
        try await database.recordCatalogFileRefused(at: nil)
        logger.info("catalog sync: stored the POS catalog file (\(catalog.products.count) products, \(catalog.variations.count) variations)")
        return .used(date: generatedAt)
    }

    /// Stores the file's products and variations through the write pipeline, then removes the stored products the
    /// file does not list (it is the whole published catalog).
    private func store(_ catalog: POSCatalogRemote.Catalog) async throws {
        let ingestor = try await ingestor()
        counters.begin(.products)
        let pageSize = configuration.pageSize
        let products = catalog.products
        counters.setTotal((products.count + pageSize - 1) / pageSize)
        let pipeline = makePipeline(ingestor)
        do {
            for start in stride(from: 0, to: products.count, by: pageSize) {
                try await pipeline.submit(.products(Array(products[start..<min(start + pageSize, products.count)])))
                counters.advance()
            }
            let parents = Dictionary(
                products.filter { $0.type == "variable" }.map { ($0.id, ingestor.record(for: $0)) },
                uniquingKeysWith: { first, _ in first })
            let byParent = Dictionary(grouping: catalog.variations, by: \.productID)
            counters.begin(.variations, total: parents.count)
            for (id, parent) in parents.sorted(by: { $0.key < $1.key }) {
                try await pipeline.submit(.variations(byParent[id] ?? [], parent: parent))
                counters.advance()
            }
            try await pipeline.finish()
        } catch {
            pipeline.cancel()
            throw error
        }
        counters.begin(.reconciliation)
        let removed = try await ingestor.removeProducts(notIn: Set(products.map(\.id)))
        counters.addStoredProducts(0, removed: removed)
        counters.update { $0.reconciled = true }
    }
}
