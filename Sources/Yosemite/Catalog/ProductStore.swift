import Foundation
import Hardware
import Networking
import Storage

/// Answers lookups and searches from the local catalog, off the main actor. A barcode the local catalog lacks is
/// looked up on the store when there is one (``StoreProductLookup``) and stored as the catalog sync stores it.
@MainActor
public final class ProductStore: Store, ActionsProcessor {
    /// The store's site; nil in the demo store and before login.
    private let network: (any Network)?

    /// Creates the store; `network` lets a lookup that misses locally ask the store.
    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: (any Network)? = nil) {
        self.network = network
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    /// The product or variation with this SKU or GTIN: the local catalog first, then the store when there is one
    /// (stored as the catalog sync stores it, so the next sync finds it unchanged).
    private func lookUp(_ code: String, database: AppDatabase) async throws(CatalogError) -> CatalogItem {
        let local = try await Self.read { try await database.barcodeMatch(code).map { CatalogItem($0) } }
        if let local { return local }
        return try await lookUpOnStore(code)
    }

    /// The product or variation with this SKU or GTIN on the store, stored locally; not found without a store.
    private func lookUpOnStore(_ code: String) async throws(CatalogError) -> CatalogItem {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let network else { throw .notFound(code: trimmed) }
        return try await StoreProductLookup(environment: environment, network: network).lookup(trimmed)
    }

    public func onAction(_ action: ProductAction) async throws(CatalogError) -> Replied {
        let database = environment.database
        switch action {
        case .lookup(let code, let reply):
            return reply(try await lookUp(code, database: database))
        case .scan(let code, let reply):
            let layouts = environment.appSettings().embeddedBarcodeSettings
            do {
                return reply(try await Self.read {
                    try await ScannedItem.read(code, layouts: layouts, database: database)
                })
            } catch .notFound where (try? layouts.parse(code.trimmingCharacters(in: .whitespacesAndNewlines))) == nil {
                // An ordinary code the local catalog lacks (not a label; `read` looked it up locally already): the
                // store may have it (a new product).
                return reply(ScannedItem(item: try await lookUpOnStore(code)))
            }
        case .search(let text, let limit, let reply):
            return reply(try await Self.read {
                try await database.searchProducts(text, limit: limit).map(CatalogProduct.init)
            })
        case .loadItem(let productID, let variationID, let reply):
            return reply(try await Self.read {
                let records = try await database.catalogItem(productId: productID, variationId: variationID)
                guard let product = records.0 else { throw CatalogError.notFound(code: "product \(productID)") }
                guard let variationID else { return .product(CatalogProduct(product)) }
                guard let variation = records.1, variation.productId == productID else {
                    throw CatalogError.notFound(code: "variation \(variationID) of product \(productID)")
                }
                return .variation(CatalogVariation(variation), parent: CatalogProduct(product))
            })
        case .loadVariations(let productID, let reply):
            return reply(try await Self.read {
                try await database.variations(ofProduct: productID).map(CatalogVariation.init)
            })
        case .count(let reply):
            return reply(try await Self.read {
                let counts = try await database.catalogCounts()
                return CatalogCount(products: counts.products, variations: counts.variations)
            })
        }
    }

    /// Runs a read off the main actor; a failure becomes a ``CatalogError``.
    private nonisolated static func read<Value: Sendable>(
        _ body: @Sendable () async throws -> Value
    ) async throws(CatalogError) -> Value {
        do {
            return try await body()
        } catch {
            throw CatalogSynchronizer.catalogError(error)
        }
    }
}
