import Foundation
import Storage

/// Answers lookups and searches from the local catalog, off the main actor.
@MainActor
public final class ProductStore: Store {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: ProductAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? ProductAction else {
            preconditionFailure("ProductStore received \(type(of: action))")
        }
        let database = environment.database
        switch action {
        case .lookup(let code, let onCompletion):
            perform(onCompletion) {
                let match = try await database.barcodeMatch(code)
                guard let match else {
                    throw CatalogError.notFound(code: code.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                return CatalogItem(match)
            }
        case .search(let text, let limit, let onCompletion):
            perform(onCompletion) {
                try await database.searchProducts(text, limit: limit).map(CatalogProduct.init)
            }
        case .loadItem(let productID, let variationID, let onCompletion):
            perform(onCompletion) {
                let records = try await database.catalogItem(productId: productID, variationId: variationID)
                guard let product = records.0 else { throw CatalogError.notFound(code: "product \(productID)") }
                guard let variationID else { return .product(CatalogProduct(product)) }
                guard let variation = records.1, variation.productId == productID else {
                    throw CatalogError.notFound(code: "variation \(variationID) of product \(productID)")
                }
                return .variation(CatalogVariation(variation), parent: CatalogProduct(product))
            }
        case .loadVariations(let productID, let onCompletion):
            perform(onCompletion) {
                try await database.variations(ofProduct: productID).map(CatalogVariation.init)
            }
        case .count(let onCompletion):
            perform(onCompletion) {
                let counts = try await database.catalogCounts()
                return CatalogCount(products: counts.products, variations: counts.variations)
            }
        }
    }

    /// Runs a read (the database works off the main actor) and completes on the main actor with its value or a
    /// ``CatalogError``.
    private func perform<Value: Sendable>(
        _ onCompletion: @escaping @Sendable (Result<Value, CatalogError>) -> Void,
        _ body: @escaping @Sendable () async throws -> Value
    ) {
        Task {
            do {
                onCompletion(.success(try await body()))
            } catch {
                onCompletion(.failure(CatalogSynchronizer.catalogError(error)))
            }
        }
    }
}
