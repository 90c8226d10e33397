import Foundation

/// How a catalog sync pages, parallelises and retries.
public struct CatalogSyncConfiguration: Hashable, Sendable {
    /// Items per page (`per_page`, at most 100).
    public var pageSize: Int
    /// Page requests in flight at once. Two saturate a small store; more only add latency.
    public var concurrency: Int
    /// Tries per request, the first included, before a retryable failure ends the sync.
    public var maxAttempts: Int
    /// The first backoff after a 429, 503 or dropped connection; it doubles each try, with jitter.
    public var retryBaseDelay: Duration
    /// The longest backoff.
    public var retryMaxDelay: Duration
    /// Subtracted from the last sync's server date for `modified_after`, against clock skew and slow saves.
    public var modifiedAfterSkew: TimeInterval
    /// How long incremental syncs go without reconciling ids (removing what was deleted upstream).
    public var reconciliationInterval: TimeInterval
    /// Whether customers are synced too (on full syncs and reconciliations).
    public var includesCustomers: Bool
    /// Whether a full sync uses WooCommerce's POS catalog file (WooCommerce ≥ 10.5) when the store offers a fresh
    /// one, asking for one otherwise and paging meanwhile.
    public var usesCatalogFile: Bool
    /// How long after the host refused the catalog file (blocked it, or lacks the API) a full sync pages without
    /// asking for it: a day, as Woo's own POS does.
    public var catalogFileRetryInterval: TimeInterval

    /// Creates a configuration; the defaults suit a small store (two requests in flight, pages of 100).
    public init(
        pageSize: Int = 100, concurrency: Int = 2, maxAttempts: Int = 6, retryBaseDelay: Duration = .milliseconds(500),
        retryMaxDelay: Duration = .seconds(30), modifiedAfterSkew: TimeInterval = 120,
        reconciliationInterval: TimeInterval = 6 * 3600, includesCustomers: Bool = true, usesCatalogFile: Bool = true,
        catalogFileRetryInterval: TimeInterval = 24 * 3600
    ) {
        self.pageSize = pageSize
        self.concurrency = concurrency
        self.maxAttempts = maxAttempts
        self.retryBaseDelay = retryBaseDelay
        self.retryMaxDelay = retryMaxDelay
        self.modifiedAfterSkew = modifiedAfterSkew
        self.reconciliationInterval = reconciliationInterval
        self.includesCustomers = includesCustomers
        self.usesCatalogFile = usesCatalogFile
        self.catalogFileRetryInterval = catalogFileRetryInterval
    }

    /// The `_fields` of a product page: only what the counter uses. `meta_data` carries the sold-by-weight marker
    /// (`_pos_sold_by_weight`); the REST API cannot narrow it to one key, so a product's whole meta comes along.
    public static let productFields = [
        "id", "name", "slug", "type", "status", "sku", "global_unique_id", "price", "regular_price", "sale_price",
        "purchasable", "tax_status", "tax_class", "manage_stock", "stock_quantity", "stock_status", "categories",
        "variations", "images", "date_modified_gmt", "meta_data",
    ]

    /// What the counter reads of a variation, its parent included: the `_fields` of a variation page and the
    /// `_variation_fields` of the catalog file.
    public static let variationFields = [
        "id", "parent_id", "sku", "global_unique_id", "status", "price", "regular_price", "sale_price", "on_sale",
        "purchasable", "tax_status", "tax_class", "manage_stock", "stock_quantity", "stock_status", "attributes",
        "date_modified_gmt", "image", "meta_data",
    ]
}
