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
                let match = try await database.read { db in try BarcodeMatch.lookup(code, in: db) }
                guard let match else {
                    throw CatalogError.notFound(code: code.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                return CatalogItem(match)
            }
        case .search(let text, let limit, let onCompletion):
            perform(onCompletion) {
                try await database.read { db in try ProductRecord.search(text, limit: limit, in: db) }.map(
                    CatalogProduct.init)
            }
        case .loadItem(let productID, let variationID, let onCompletion):
            perform(onCompletion) {
                let records = try await database.read { db in
                    (
                        try ProductRecord.fetchOne(db, key: productID),
                        try variationID.flatMap { try ProductVariationRecord.fetchOne(db, key: $0) }
                    )
                }
                guard let product = records.0 else { throw CatalogError.notFound(code: "product \(productID)") }
                guard let variationID else { return .product(CatalogProduct(product)) }
                guard let variation = records.1, variation.productId == productID else {
                    throw CatalogError.notFound(code: "variation \(variationID) of product \(productID)")
                }
                return .variation(CatalogVariation(variation), parent: CatalogProduct(product))
            }
        case .loadVariations(let productID, let onCompletion):
            perform(onCompletion) {
                try await database.read { db in try ProductVariationRecord.all().ofProduct(productID).fetchAll(db) }
                    .map(CatalogVariation.init)
            }
        case .count(let onCompletion):
            perform(onCompletion) {
                try await database.read { db in
                    CatalogCount(
                        products: try ProductRecord.fetchCount(db),
                        variations: try ProductVariationRecord.fetchCount(db))
                }
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
