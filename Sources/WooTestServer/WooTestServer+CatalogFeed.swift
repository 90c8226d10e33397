import Foundation
import Synchronization

/// WooCommerce's POS catalog API (WC ≥ 10.5), as ../shared/reference/woocommerce-rest.md describes it.
///
/// `POST /wp-json/wc/pos/v1/catalog/create` with `force` (boolean), `_product_fields` and `_variation_fields`
/// (comma-separated) answers at once with `{state: scheduled|in_progress|completed, progress, processed, total,
/// scheduled_at, completed_at}` and, once completed, `url`. Without `force` it reports the current generation (or
/// the finished file), scheduling one only when there is none; with `force` it starts a new one. Generation runs in
/// the background at ``catalogItemsPerSecond`` (the store's ~375 items/s), or, with ``storeCosts`` on, on the
/// store's worker slots at ``StoreCosts/perCatalogItemMilliseconds`` per item (charged to the ledger as
/// `catalog_generation`), so it competes with page requests as the store's background queue does. The file, under
/// `/wp-content/uploads/product-feeds/`, is a JSON list of `{"type": "product"|"variation", "data": {...}}` in the
/// REST API's product shape, trimmed to the fields asked for. `progress` is a percentage (0–100).
///
/// ``catalogFileBlock`` plays a host that blocks the file: a 403, or an HTML page with status 200.
extension WooTestServer {
    /// How the host answers a request for the catalog file.
    public enum CatalogFileBlock: String, Sendable, CaseIterable {
        /// The file is served.
        case none
        /// `403 Forbidden` (an HTML page).
        case forbidden
        /// `200` with an HTML page instead of the JSON file (a security plugin's or host's interstitial).
        case html
    }

    /// The catalog file's generation, as the API reports it.
    public struct CatalogFeed: Sendable, Equatable {
        /// `scheduled`, `in_progress` or `completed`.
        public var state: String
        public var processed: Int
        public var total: Int
        public var scheduledAt: Date
        public var completedAt: Date?
        /// The file's URL once completed.
        public var url: String?
        /// Which generation this is (1, 2, …).
        public var generation: Int
    }

    struct CatalogFeeds: Sendable {
        var current: CatalogFeed?
        var files: [String: [UInt8]] = [:]
        var task: Task<Void, Never>?
        var waiters: [(generation: Int, continuation: CheckedContinuation<CatalogFeed, Never>)] = []
        var block = CatalogFileBlock.none
        var offered = false
        var itemsPerSecond = 375.0
        var generations = 0
    }

    static let catalogCreateRoute = "/wc/pos/v1/catalog/create"
    static let catalogFilePrefix = "/wp-content/uploads/product-feeds/"

    /// Whether the store offers the POS catalog API (WooCommerce ≥ 10.5); when false (the default, as the server
    /// reports WooCommerce 9.9) its route is `rest_no_route`.
    public var offersPOSCatalog: Bool {
        get { feeds.withLock { $0.offered } }
        set { feeds.withLock { $0.offered = newValue } }
    }

    /// How the host answers for the catalog file.
    public var catalogFileBlock: CatalogFileBlock {
        get { feeds.withLock { $0.block } }
        set { feeds.withLock { $0.block = newValue } }
    }

    /// The background generation's pace without store costs (0 or infinity: at once).
    public var catalogItemsPerSecond: Double {
        get { feeds.withLock { $0.itemsPerSecond } }
        set { feeds.withLock { $0.itemsPerSecond = newValue } }
    }

    /// The current generation, if any was asked for.
    public var catalogFeed: CatalogFeed? {
        feeds.withLock { $0.current }
    }

    /// Returns once the generation numbered `generation` or a later one has completed (no polling).
    @discardableResult
    public func waitForCatalogFile(generation: Int = 1) async -> CatalogFeed {
        await withCheckedContinuation { (continuation: CheckedContinuation<CatalogFeed, Never>) in
            let ready = feeds.withLock { feeds -> CatalogFeed? in
                if let current = feeds.current, current.generation >= generation, current.state == "completed" {
                    return current
                }
                feeds.waiters.append((generation, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// `POST wc/pos/v1/catalog/create`, after authentication.
    func createCatalog(_ context: RouteContext, costs: StoreCosts?, workers: StoreWorkers?) -> HTTPResponse {
        let force = context.bool("force") ?? false
        let productFields = Self.fieldSet(context.string("_product_fields"))
        let variationFields = Self.fieldSet(context.string("_variation_fields"))
        let feed = feeds.withLock { feeds -> CatalogFeed in
            if !force, let current = feeds.current { return current }
            feeds.task?.cancel()
            feeds.generations += 1
            let generation = feeds.generations
            let items = state.withLock { state in Self.catalogItems(state, context, productFields, variationFields) }
            let feed = CatalogFeed(state: "scheduled", processed: 0, total: items.count, scheduledAt: context.now,
                                   completedAt: nil, url: nil, generation: generation)
            feeds.current = feed
            let rate = feeds.itemsPerSecond
            feeds.task = Task { [weak self] in
                await self?.generateCatalog(items, generation: generation, rate: rate, costs: costs, workers: workers)
            }
            return feed
        }
        return .json(200, Self.json(feed))
    }

    private static func fieldSet(_ text: String?) -> Set<String>? {
        guard let text, !text.isEmpty else { return nil }
        return Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Every published product and its variations, in the file's shape.
    private static func catalogItems(
        _ state: StoreState, _ context: RouteContext, _ productFields: Set<String>?, _ variationFields: Set<String>?
    ) -> [JSON] {
        var items: [JSON] = []
        let products = state.products.values.filter { $0.parentID == 0 && $0.status == "publish" }.sorted { $0.id < $1.id }
        for product in products {
            let data = ProductRoutes.render(product, state, context)
            items.append(.object([("type", .string("product")), ("data", productFields.map(data.keeping) ?? data)]))
            for id in product.variationIDs {
                guard let variation = state.products[id] else { continue }
                let data = ProductRoutes.render(variation, state, context)
                items.append(.object([("type", .string("variation")),
                                      ("data", variationFields.map(data.keeping) ?? data)]))
            }
        }
        return items
    }

    private func generateCatalog(_ items: [JSON], generation: Int, rate: Double, costs: StoreCosts?, workers: StoreWorkers?) async {
        let chunk = 100
        var processed = 0
        while processed < items.count {
            if Task.isCancelled { return }
            let count = min(chunk, items.count - processed)
            if let costs, let workers {
                let milliseconds = Double(count) * costs.perCatalogItemMilliseconds
                ledger.withLock { $0.add(.catalogGeneration, milliseconds, requests: processed == 0 ? 1 : 0) }
                await workers.serve(milliseconds: milliseconds)
            } else if rate > 0, rate.isFinite {
                try? await Task.sleep(for: .seconds(Double(count) / rate))
            }
            processed += count
            let done = processed
            feeds.withLock { feeds in
                guard feeds.current?.generation == generation else { return }
                feeds.current?.state = "in_progress"
                feeds.current?.processed = done
            }
        }
        if Task.isCancelled { return }
        let body = Array(JSON.array(items).data)
        let name = "pos-catalog-\(generation)-\(UUID().uuidString.prefix(8).lowercased()).json"
        let url = controls.withLock { $0.baseURL } + Self.catalogFilePrefix + name
        let completedAt = now
        let ready = feeds.withLock { feeds -> (CatalogFeed, [CheckedContinuation<CatalogFeed, Never>])? in
            guard feeds.current?.generation == generation else { return nil }
            feeds.files[Self.catalogFilePrefix + name] = body
            feeds.current?.state = "completed"
            feeds.current?.processed = items.count
            feeds.current?.completedAt = completedAt
            feeds.current?.url = url
            guard let current = feeds.current else { return nil }
            let ready = feeds.waiters.filter { $0.generation <= generation }.map(\.continuation)
            feeds.waiters.removeAll { $0.generation <= generation }
            return (current, ready)
        }
        if let (feed, continuations) = ready {
            for continuation in continuations { continuation.resume(returning: feed) }
        }
    }

    /// A GET for a file under `product-feeds/`: the file, or what a blocking host answers.
    func serveCatalogFile(path: String, costs: StoreCosts?, workers: StoreWorkers?) async -> HTTPResponse {
        let (file, block) = feeds.withLock { ($0.files[path], $0.block) }
        guard let file else { return .html(404, "Page not found") }
        switch block {
        case .forbidden: return .html(403, "403 Forbidden")
        case .html: return .html(200, "Checking your browser before accessing the site")
        case .none: break
        }
        if let costs, let workers {
            let milliseconds = costs.fileMilliseconds(bytes: file.count)
            ledger.withLock { $0.add(.catalogFile, milliseconds) }
            await workers.serve(milliseconds: milliseconds)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: file)
    }

    static func json(_ feed: CatalogFeed) -> JSON {
        var pairs: [(String, JSON)] = [
            ("state", .string(feed.state)),
            ("progress", .int(Int64(feed.total == 0 ? 100 : feed.processed * 100 / feed.total))),
            ("processed", .int(Int64(feed.processed))), ("total", .int(Int64(feed.total))),
            ("scheduled_at", .string(WooDate.format(feed.scheduledAt))),
            ("completed_at", feed.completedAt.map { .string(WooDate.format($0)) } ?? .null),
        ]
        if let url = feed.url { pairs.append(("url", .string(url))) }
        return .object(pairs)
    }
}
