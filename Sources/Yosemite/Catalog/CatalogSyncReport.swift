import Foundation

/// What a catalog sync did.
public struct CatalogSyncReport: Hashable, Sendable, Codable {
    /// Whether the sync fetched everything (first sync or `--full`) or only what changed.
    public enum Mode: String, Hashable, Sendable, Codable {
        case full, incremental
    }

    /// Full or incremental.
    public var mode: Mode
    /// Products inserted or updated.
    public var productsStored: Int
    /// Variations inserted or updated.
    public var variationsStored: Int
    /// Products removed because they were deleted, trashed or unpublished upstream.
    public var productsRemoved: Int
    /// Categories stored.
    public var categories: Int
    /// Tax rates stored.
    public var taxRates: Int
    /// Coupons stored.
    public var coupons: Int
    /// Customers stored (0 when the sync skipped them).
    public var customers: Int
    /// Whether the ids were reconciled with the server (deletions applied).
    public var reconciled: Bool
    /// Requests retried after 429, 503 or a dropped connection.
    public var retries: Int
    /// The server clock at the start of the sync: the next incremental sync asks for changes after it.
    public var serverDate: Date?

    /// An empty report of a sync in `mode`.
    public init(mode: Mode) {
        self.mode = mode
        productsStored = 0
        variationsStored = 0
        productsRemoved = 0
        categories = 0
        taxRates = 0
        coupons = 0
        customers = 0
        reconciled = false
        retries = 0
        serverDate = nil
    }
}
