import Foundation
import Storage

/// Answers lookups and searches from the local catalog, off the main actor.
@MainActor
public final class ProductStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: ProductAction) async throws(CatalogError) -> Replied {
        let database = environment.database
        switch action {
        case .lookup(let code, let reply):
            return reply(try await Self.read {
                let match = try await database.barcodeMatch(code)
                guard let match else {
                    throw CatalogError.notFound(code: code.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                return CatalogItem(match)
            })
        case .scan(let code, let reply):
            let layouts = appSettings().embeddedBarcodeSettings
            return reply(try await Self.read {
                try await ScannedItem.read(code, layouts: layouts, database: database)
            })
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

    /// The counter's settings (the barcode layouts), the defaults when the file cannot be read.
    private func appSettings() -> AppSettings {
        let stored = try? environment.files.read(AppSettings.self, from: environment.file(AppEnvironment.FileName.appSettings))
        return stored ?? AppSettings()
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
