import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// A barcode the local catalog lacks, looked up on the store: SKU first (`GET wc/v3/products?sku=`), then GTIN
/// (`global_unique_id`, WooCommerce ≥ 9.2). Both queries reach variations too, as WooCommerce answers them (a
/// variation comes back in the product shape with its `parent_id`). What is found is stored exactly as the catalog
/// sync stores it — the product's row and category links, and for a variable product all its variations — through
/// the sync's own writes (``CatalogIngestor``), so the next incremental sync finds nothing to change.
struct StoreProductLookup: Sendable {
    let environment: AppEnvironment
    let network: any Network

    /// The item for `code` after storing it; `.notFound` when the store has none, `.offline` when it cannot be asked.
    func lookup(_ code: String) async throws(CatalogError) -> CatalogItem {
        guard !code.isEmpty else { throw .notFound(code: code) }
        let products = ProductsRemote(network: network)
        var found: Product?
        do throws(NetworkError) {
            found = try await products.loadProducts(.init(perPage: 5, sku: code)).items.first
            if found == nil {
                found = try await products.loadProducts(.init(perPage: 5, globalUniqueID: code)).items.first
            }
        } catch {
            environment.logger.notice("catalog: the store could not be asked for a missed code: \(error.message)")
            throw .notFoundOffline(code: code, reason: error.message)
        }
        guard let found else { throw .notFound(code: code) }
        do {
            let settings = try await SettingsRepository(database: environment.database).load()
            guard let currency = settings?.currency else { throw CatalogError.notFound(code: code) }
            let ingestor = CatalogIngestor(database: environment.database, currency: currency)
            let parent = found.parentID == 0 ? found : try await products.loadProduct(id: found.parentID)
            var writes: [CatalogIngestor.Write] = [.products([parent])]
            if parent.type == "variable" {
                writes.append(.variations(try await allVariations(of: parent.id), parent: ingestor.record(for: parent)))
            }
            try await ingestor.store(writes)
            environment.logger.notice("catalog: stored product \(parent.id) from the store for a missed code")
        } catch let error as CatalogError {
            throw error
        } catch let error as NetworkError {
            throw .notFoundOffline(code: code, reason: error.message)
        } catch {
            throw CatalogSynchronizer.catalogError(error)
        }
        let match: CatalogItem?
        do {
            match = try await environment.database.barcodeMatch(code).map { CatalogItem($0) }
        } catch {
            throw CatalogSynchronizer.catalogError(error)
        }
        // A product the store holds but does not sell (a draft, a variable parent's own code) stays not found.
        guard let match else { throw .notFound(code: code) }
        return match
    }

    /// Every variation of a variable product, page by page, as the sync pulls them.
    private func allVariations(of productID: Int64) async throws(NetworkError) -> [ProductVariation] {
        let remote = ProductVariationsRemote(network: network)
        var variations: [ProductVariation] = []
        var page = 1
        while true {
            let items = try await remote.loadVariations(productID: productID, page: page, perPage: 100)
            variations += items.items
            guard items.hasMorePages, !items.items.isEmpty else { return variations }
            page += 1
        }
    }
}
