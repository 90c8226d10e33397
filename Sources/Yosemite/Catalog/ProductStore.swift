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
                try await database.read { db in try ProductRecord.search(text, limit: limit, in: db) }.map(CatalogProduct.init)
            }
        case .loadVariations(let productID, let onCompletion):
            perform(onCompletion) {
                try await database.read { db in try ProductVariationRecord.all().ofProduct(productID).fetchAll(db) }
                    .map(CatalogVariation.init)
            }
        case .count(let onCompletion):
            perform(onCompletion) {
                try await database.read { db in
                    CatalogCount(products: try ProductRecord.fetchCount(db), variations: try ProductVariationRecord.fetchCount(db))
                }
            }
        }
    }

    /// Runs a read off the main actor and completes with its value or a ``CatalogError``.
    private func perform<Value: Sendable>(
        _ onCompletion: @escaping @Sendable (Result<Value, CatalogError>) -> Void,
        _ body: @escaping @Sendable () async throws -> Value
    ) {
        Task.detached {
            do {
                onCompletion(.success(try await body()))
            } catch {
                onCompletion(.failure(CatalogSynchronizer.catalogError(error)))
            }
        }
    }
}
