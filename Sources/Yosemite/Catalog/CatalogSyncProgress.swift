import Foundation

/// How far a catalog sync is: the current phase and the units of it done so far.
public struct CatalogSyncProgress: Hashable, Sendable, Codable {
    /// A step of a sync, in the order they run.
    public enum Phase: String, Hashable, Sendable, Codable, CaseIterable {
        case settings, categories, taxes, coupons, customers, products, variations, reconciliation, done
    }

    /// The step running.
    public var phase: Phase
    /// Units of the phase done (pages for products, products for variations, …).
    public var completed: Int
    /// Units the phase has in all, when known.
    public var total: Int?
    /// Products stored so far in this sync.
    public var productsStored: Int

    /// Creates a progress value.
    public init(phase: Phase, completed: Int = 0, total: Int? = nil, productsStored: Int = 0) {
        self.phase = phase
        self.completed = completed
        self.total = total
        self.productsStored = productsStored
    }

    /// The fraction of the phase done, when the total is known.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }
}
