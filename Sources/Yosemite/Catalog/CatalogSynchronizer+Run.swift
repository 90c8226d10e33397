import Foundation
import Logging
import Networking
import POSFoundation
import Storage
import Synchronization

extension CatalogSynchronizer {
    /// The state of one sync: what it saw, shared by its concurrent page fetches.
    final class Run: Sendable {
        private struct Seen {
            var variableProducts: [RemoteID: ProductRecord] = [:]
        }

        let synchronizer: CatalogSynchronizer
        let counters: CatalogSyncCounters
        let retrier: CatalogRequestRetrier
        /// The store's currency: known, or on its way with the settings fetched beside the pull.
        let currency: PendingValue<Currency>
        private let seen = Mutex(Seen())

        init(synchronizer: CatalogSynchronizer, counters: CatalogSyncCounters, currency: PendingValue<Currency>) {
            self.synchronizer = synchronizer
            self.counters = counters
            self.currency = currency
            retrier = CatalogRequestRetrier(
                clock: synchronizer.clock, configuration: synchronizer.configuration, logger: synchronizer.logger,
                counters: counters)
        }

        private var network: any Network { synchronizer.network }
        var database: AppDatabase { synchronizer.database }
        var configuration: CatalogSyncConfiguration { synchronizer.configuration }

        /// The ingestor, once the currency is known (at once, unless the settings are still on their way).
        func ingestor() async throws -> CatalogIngestor {
            CatalogIngestor(database: synchronizer.database, currency: try await currency.value)
        }

        // MARK: - The pull

        /// Reference data beside the products (with their variations and reconciliation), their requests sharing
        /// the sync's limiter; the first failure cancels the rest and is thrown.
        ///
        /// No write needs another first: a product names its categories by id without a foreign key, and no
        /// product row refers to the tax or coupon tables.
        ///
        /// - Returns: The server date the next incremental sync starts from (nil: the sync's start).
        func pull(full: Bool, reconcileIDs: Bool, modifiedAfter: Date?) async throws -> Date? {
            let serverDate = LockedBox<Date?>(nil)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await self.syncReferenceData(includeCustomers: full || reconcileIDs)
                }
                group.addTask {
                    let date = try await self.syncCatalog(full: full, reconcileIDs: reconcileIDs,
                                                          modifiedAfter: modifiedAfter)
                    serverDate.locked { $0 = date }
                }
                while try await group.next() != nil {}
            }
            return serverDate.locked { $0 }
        }

        /// Products and variations: from the catalog file on a full sync where it is fresh, else paged.
        private func syncCatalog(full: Bool, reconcileIDs: Bool, modifiedAfter: Date?) async throws -> Date? {
            if full, case let .used(fileDate) = try await syncFromCatalogFile() {
                // The catalog file holds the store as it was when it was generated: what changed since comes with
                // the next incremental sync (modified after that date, minus the skew).
                return fileDate
            }
            let serverDate = try await syncProducts(modifiedAfter: modifiedAfter)
            if reconcileIDs {
                // An incremental pull sees only what changed: deletions are found by listing every id.
                try await self.reconcileIDs()
            }
            try await syncVariations()
            return serverDate
        }

        // MARK: - Reference data

        /// Categories, taxes, coupons and customers: short lists, always fetched whole and replaced.
        ///
        /// Their first requests are all asked for at once: the sync's limiter lets them through beside the
        /// product pages. They are written once all arrived (and the currency is known), each list in its own
        /// transaction. Their progress phases only move the sync forward: once the products began, they count
        /// into the report without taking the progress back.
        ///
        /// Customers can be many and their endpoint has no `modified_after`: they are pulled only when
        /// `includeCustomers` (full syncs and reconciliations), not on every incremental sync.
        func syncReferenceData(includeCustomers: Bool) async throws {
            let network = network
            let perPage = configuration.pageSize
            let retrier = retrier
            let withCustomers = includeCustomers && configuration.includesCustomers
            enum Fetched: Sendable {
                case categories([ProductCategory])
                case taxClasses([TaxClass])
                case taxRates([TaxRate])
                case coupons([Coupon])
                case customers([Customer])
            }
            counters.enter(.categories)
            var categories: [ProductCategory] = []
            var classes: [TaxClass] = []
            var rates: [TaxRate] = []
            var coupons: [Coupon] = []
            var customers: [Customer]?
            try await withThrowingTaskGroup(of: Fetched.self) { group in
                group.addTask {
                    .categories(try await self.collect("categories") { page throws(NetworkError) in
                        try await ProductCategoriesRemote(network: network).loadCategories(page: page, perPage: perPage)
                    })
                }
                group.addTask {
                    .taxClasses(try await retrier.run("tax classes") { () throws(NetworkError) in
                        try await TaxClassesRemote(network: network).loadTaxClasses()
                    })
                }
                group.addTask {
                    .taxRates(try await self.collect("tax rates") { page throws(NetworkError) in
                        try await TaxRatesRemote(network: network).loadTaxRates(page: page, perPage: perPage)
                    })
                }
                group.addTask {
                    .coupons(try await self.collect("coupons") { page throws(NetworkError) in
                        try await CouponsRemote(network: network).loadCoupons(page: page, perPage: perPage)
                    })
                }
                if withCustomers {
                    group.addTask {
                        .customers(try await self.collect("customers") { page throws(NetworkError) in
                            try await CustomersRemote(network: network).loadCustomers(page: page, perPage: perPage)
                        })
                    }
                }
                while let fetched = try await group.next() {
                    switch fetched {
                    case let .categories(items): categories = items
                    case let .taxClasses(items): classes = items
                    case let .taxRates(items): rates = items
                    case let .coupons(items): coupons = items
                    case let .customers(items): customers = items
                    }
                }
            }

            let ingestor = try await ingestor()
            try await ingestor.storeCategories(categories)
            counters.update { $0.categories = categories.count }
            counters.enter(.taxes)
            try await ingestor.storeTaxes(classes: classes, rates: rates)
            counters.update { $0.taxRates = rates.count }
            counters.enter(.coupons)
            try await ingestor.storeCoupons(coupons)
            counters.update { $0.coupons = coupons.count }
            guard let customers else { return }
            counters.enter(.customers)
            try await ingestor.storeCustomers(customers)
            counters.update { $0.customers = customers.count }
        }

        /// Every item of a paged list.
        private func collect<Item: Sendable>(
            _ label: String, load: @escaping @Sendable (Int) async throws(NetworkError) -> PagedItems<Item>
        ) async throws -> [Item] {
            let pages = LockedBox([Int: [Item]]())
            _ = try await forEachPage(label, countsProgress: false, load: load) { page in
                pages.locked { $0[page.page] = page.items }
            }
            return pages.locked { $0.sorted { $0.key < $1.key }.flatMap(\.value) }
        }

        /// Loads page 1, then the others at most `concurrency` at a time, handing each to `handle`.
        ///
        /// When the number of pages is known, page 1 is handled beside the requests for the others, so a handler
        /// that waits (for the currency, or for the writer) never holds the next requests back.
        ///
        /// - Parameter countsProgress: Whether the pages count in the current phase's progress (the product
        ///   listings do; the reference lists, fetched beside them, do not).
        /// - Returns: The server date of page 1.
        private func forEachPage<Item: Sendable>(
            _ label: String, countsProgress: Bool = true,
            load: @escaping @Sendable (Int) async throws(NetworkError) -> PagedItems<Item>,
            handle: @escaping @Sendable (PagedItems<Item>) async throws -> Void
        ) async throws -> Date? {
            let retrier = retrier
            let counters = countsProgress ? counters : nil
            let first = try await retrier.run("\(label) page 1") { () throws(NetworkError) in try await load(1) }
            counters?.setTotal(first.totalPages)
            if first.hasMorePages, let totalPages = first.totalPages {
                let executor = network.preferredTaskExecutor
                let limit = configuration.concurrency
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await handle(first)
                        counters?.advance()
                    }
                    group.addTask {
                        try await BoundedConcurrency.forEach(Array(2...max(2, totalPages)), limit: limit,
                                                           on: executor) { page in
                            let items = try await retrier.run("\(label) page \(page)") { () throws(NetworkError) in
                                try await load(page)
                            }
                            try await handle(items)
                            counters?.advance()
                        }
                    }
                    while try await group.next() != nil {}
                }
                return first.serverDate
            }
            try await handle(first)
            counters?.advance()
            guard first.hasMorePages else { return first.serverDate }
            var page = 2
            while true {
                let number = page
                let items = try await retrier.run("\(label) page \(number)") { () throws(NetworkError) in
                    try await load(number)
                }
                try await handle(items)
                counters?.advance()
                guard items.hasMorePages, !items.items.isEmpty else { break }
                page += 1
            }
            return first.serverDate
        }

        // MARK: - Products

        /// A write pipeline whose transactions count into the report as they commit.
        func makePipeline(_ ingestor: CatalogIngestor) -> CatalogWritePipeline {
            let counters = counters
            return CatalogWritePipeline(ingestor: ingestor) { written in
                counters.addStoredProducts(written.products, removed: written.removed)
                if written.variations > 0 { counters.update { $0.variationsStored += written.variations } }
            }
        }

        /// Pulls products (all published ones, or those modified after a date) page by page, two requests in
        /// flight, while a writer stores what arrived in large transactions.
        ///
        /// A full pull also reconciles deletions: the ids arrive with its pages, and the stored products not
        /// among them (deleted, trashed or unpublished upstream) are removed afterwards, without a second pass —
        /// unless the store's count (`X-WP-Total`) changed while paging or disagrees with the ids seen: then a
        /// page may have skipped a product, and the id listing (``reconcileIDs()``) runs as before.
        ///
        /// - Returns: The server's date when the pull began.
        func syncProducts(modifiedAfter: Date?) async throws -> Date? {
            let network = network
            let urgentNetwork = synchronizer.urgentNetwork
            let isFull = modifiedAfter == nil
            let query = ProductsRemote.Query(
                perPage: configuration.pageSize, modifiedAfter: modifiedAfter,
                status: isFull ? "publish" : nil, fields: CatalogSyncConfiguration.productFields)
            counters.begin(.products)
            // Made by the first page ready to be written: the rows need the currency, which may still be on its
            // way with the settings while page 1 is fetched.
            let pipeline = LockedBox<CatalogWritePipeline?>(nil)
            let ids = LockedBox(Set<RemoteID>())
            let totals = LockedBox(Set<Int>())
            let serverDate: Date?
            do {
                serverDate = try await forEachPage(
                    "products",
                    load: { page throws(NetworkError) in
                        var query = query
                        query.page = page
                        // Page 1 says how many pages follow: it goes ahead of the short requests waiting.
                        return try await ProductsRemote(network: page == 1 ? urgentNetwork : network)
                            .loadProducts(query)
                    },
                    handle: { page in
                        let ingestor = try await self.ingestor()
                        let currency = ingestor.currency
                        let variable = page.items
                            .filter { $0.type == "variable" && ($0.status.isEmpty || $0.status == "publish") }
                            .map { CatalogRecords.product($0, currency: currency) }
                        self.seen.locked { seen in
                            for product in variable { seen.variableProducts[product.id] = product }
                        }
                        if isFull {
                            ids.locked { $0.formUnion(page.items.map(\.id)) }
                            if let total = page.totalItems { totals.locked { _ = $0.insert(total) } }
                        }
                        let writer = pipeline.locked { pipeline in
                            if let pipeline { return pipeline }
                            let made = self.makePipeline(ingestor)
                            pipeline = made
                            return made
                        }
                        try await writer.submit(.products(page.items))
                    })
                try await pipeline.locked { $0 }?.finish()
            } catch {
                pipeline.locked { $0 }?.cancel()
                throw error
            }
            if isFull {
                let seen = ids.locked { $0 }
                let reported = totals.locked { $0 }
                if reported.count > 1 || reported.first.map({ $0 != seen.count }) == true {
                    // The listing changed while it was paged (a product added or deleted shifts the offsets, so a
                    // page can skip one): list every id, remove what is gone and fetch what the pages missed.
                    synchronizer.logger.notice("catalog sync: the store's product count changed while paging; listing ids")
                    try await reconcileIDs()
                } else {
                    counters.begin(.reconciliation)
                    let removed = try await database.removeProducts(notIn: seen)
                    counters.addStoredProducts(0, removed: removed)
                    counters.update { $0.reconciled = true }
                }
            }
            return serverDate
        }

        /// Pulls the variations of every variable product seen, at most `concurrency` requests at a time, while
        /// the writer stores them in large transactions.
        func syncVariations() async throws {
            let parents = seen.locked { Array($0.variableProducts.values) }.sorted { $0.id < $1.id }
            guard !parents.isEmpty else { return }
            let network = network
            let counters = counters
            let retrier = retrier
            let perPage = configuration.pageSize
            counters.begin(.variations, total: parents.count)
            let pipeline = makePipeline(try await ingestor())
            do {
                try await BoundedConcurrency.forEach(parents, limit: configuration.concurrency,
                                                   on: network.preferredTaskExecutor) { parent in
                    var variations: [ProductVariation] = []
                    var page = 1
                    while true {
                        let number = page
                        let items = try await retrier.run("variations of \(parent.id)") { () throws(NetworkError) in
                            try await ProductVariationsRemote(network: network).loadVariations(
                                productID: parent.id, page: number, perPage: perPage,
                                fields: CatalogSyncConfiguration.variationFields)
                        }
                        variations += items.items
                        guard items.hasMorePages, !items.items.isEmpty else { break }
                        page += 1
                    }
                    try await pipeline.submit(.variations(variations, parent: parent))
                    counters.advance()
                }
                try await pipeline.finish()
            } catch {
                pipeline.cancel()
                throw error
            }
        }

        // MARK: - Reconciliation

        /// Pages through the published ids only (`_fields=id`), removes the stored products that are not among
        /// them (deleted, trashed or unpublished upstream) and fetches those the counter lacks.
        ///
        /// Offset paging can skip a product when another is deleted while the pages are read; the id listing
        /// after the pull finds it and fetches it by id, so a full sync never loses a product to that race.
        func reconcileIDs() async throws {
            let network = network
            let perPage = configuration.pageSize
            counters.begin(.reconciliation)
            let ids = LockedBox(Set<RemoteID>())
            _ = try await forEachPage(
                "product ids",
                load: { page throws(NetworkError) in
                    try await ProductsRemote(network: network).loadProducts(
                        ProductsRemote.Query(page: page, perPage: perPage, fields: ["id"]))
                },
                handle: { page in
                    ids.locked { $0.formUnion(page.items.map(\.id)) }
                })
            let upstream = ids.locked { $0 }
            let removed = try await database.removeProducts(notIn: upstream)
            counters.addStoredProducts(0, removed: removed)
            let stored = try await database.allProductIDs()
            let missing = upstream.subtracting(stored).sorted()
            if !missing.isEmpty {
                synchronizer.logger.notice("catalog sync: fetching \(missing.count) products missed by paging")
                try await fetchProducts(ids: missing)
            }
            // Saving a variation does not always change its parent's date_modified, so an incremental pull can
            // miss it: a reconciliation refreshes the variations of every variable product.
            let variable = try await database.variableProducts()
            seen.locked { seen in
                for product in variable where seen.variableProducts[product.id] == nil {
                    seen.variableProducts[product.id] = product
                }
            }
            counters.update { $0.reconciled = true }
        }

        /// Fetches products by id (`include`), 100 a request, and stores them.
        private func fetchProducts(ids: [RemoteID]) async throws {
            let network = network
            let ingestor = try await ingestor()
            let counters = counters
            let retrier = retrier
            let chunks = stride(from: 0, to: ids.count, by: 100).map { Array(ids[$0..<min($0 + 100, ids.count)]) }
            try await BoundedConcurrency.forEach(chunks, limit: configuration.concurrency,
                                                   on: network.preferredTaskExecutor) { chunk in
                let page = try await retrier.run("products by id") { () throws(NetworkError) in
                    try await ProductsRemote(network: network).loadProducts(
                        ProductsRemote.Query(
                            perPage: 100, include: chunk, fields: CatalogSyncConfiguration.productFields))
                }
                let stored = try await ingestor.storeProducts(page.items)
                counters.addStoredProducts(stored.stored.count, removed: stored.removed)
                self.seen.locked { seen in
                    for product in stored.stored where product.type == "variable" {
                        seen.variableProducts[product.id] = product
                    }
                }
            }
        }
    }
}
