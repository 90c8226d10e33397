import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

@Suite(.serialized)
struct CatalogSynchronizerTests {
    @Test func synchronize_firstSync_storesProductsVariationsAndReferenceDataInFull() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a seeded store (20 products, one variable with 3 sizes) and an empty counter
        // When
        let report = try await harness.synchronizer().synchronize()
        // Then
        #expect(report.mode == .full)
        #expect(report.productsStored == 20)
        #expect(report.variationsStored == 3)
        #expect(report.categories == 4)
        #expect(report.taxRates == 2)
        #expect(report.coupons == 2)
        #expect(report.customers == 1)
        #expect(report.reconciled)
        #expect(try await harness.productCount() == 20)
        let stored = try await harness.environment.database.read { db in
            (
                try ProductVariationRecord.fetchAll(db), try ProductCategoryLinkRecord.fetchCount(db),
                try BarcodeMatch.lookup("COF-ESP", in: db)?.product
            )
        }
        #expect(stored.0.compactMap { $0.sku }.sorted() == ["MER-TSH-L", "MER-TSH-M", "MER-TSH-S"])
        #expect(stored.0.allSatisfy { $0.name.hasPrefix("T-Shirt – ") })
        #expect(stored.1 == 20)
        #expect(stored.2?.priceMinorUnits == 220)
        #expect(stored.2?.globalUniqueId == "4006381333931")
    }

    @Test func synchronize_smallPageSize_fetchesEveryPageWithTrimmedFields() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given 20 products and pages of 3
        let configuration = CatalogSyncConfiguration(pageSize: 3)
        // When
        let report = try await harness.synchronizer(configuration).synchronize()
        // Then
        #expect(report.productsStored == 20)
        #expect(try await harness.productCount() == 20)
        let requests = harness.server.requestLog.filter { $0.path.hasSuffix("wc/v3/products") }
        let idPages = requests.filter { $0.query.range(of: "_fields=id(&|$)", options: .regularExpression) != nil }
        let productPages = requests.filter { $0.query.contains("_fields=id,name,") }
        #expect(productPages.count == 7)
        #expect(idPages.isEmpty)  // a full sync reconciles with the ids of its own pages, no second pass
        #expect(requests.count == 7)
    }

    @Test func synchronize_afterFirstSync_incrementallyPicksUpChangedAndNewProducts() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a counter synced an hour after the catalog was seeded (beyond the modified_after skew),
        // then an hour later a price change and a new product upstream
        harness.advanceServerClock(by: 3600)
        _ = try await harness.synchronizer().synchronize()
        harness.advanceServerClock(by: 3600)
        let espresso = try #require(harness.server.product(sku: "COF-ESP"))
        harness.server.updateProduct(id: espresso.id) { $0.regularPrice = "2.40" }
        let scone = harness.server.addProduct(name: "Scone", regularPrice: "2.80", sku: "BAK-SCO")
        // When
        let report = try await harness.synchronizer().synchronize()
        // Then only the two changed products were fetched
        #expect(report.mode == .incremental)
        #expect(report.productsStored == 2)
        #expect(try await harness.product(id: espresso.id)?.price == "2.4")
        #expect(try await harness.product(id: scone.id)?.name == "Scone")
        #expect(try await harness.productCount() == 21)
        let query = try #require(harness.server.requestLog.last { $0.path.hasSuffix("wc/v3/products") }?.query)
        #expect(query.contains("modified_after="))
        // and customers (no modified_after upstream) wait for the next reconciliation
        #expect(report.customers == 0)
        #expect(harness.server.requestLog.filter { $0.path.hasSuffix("wc/v3/customers") }.count == 1)
    }

    @Test func synchronize_fullAfterUpstreamDeletion_removesItWithTheIdsOfItsOwnPages() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a synced counter and a product deleted upstream
        _ = try await harness.synchronizer().synchronize()
        let brownie = try #require(harness.server.product(sku: "BAK-BRO"))
        _ = try await harness.network.response(for: RESTRequest.wooCommerce(.delete, "products/\(brownie.id)"))
        harness.server.clearRequestLog()
        // When a full sync runs
        let report = try await harness.synchronizer().synchronize(full: true)
        // Then the product is gone, found by the ids the pages brought: no id listing
        #expect(report.mode == .full && report.reconciled && report.productsRemoved == 1)
        #expect(try await harness.product(id: brownie.id) == nil)
        #expect(try await harness.productCount() == 19)
        let idPages = harness.server.requestLog.filter {
            $0.path.hasSuffix("wc/v3/products")
                && $0.query.range(of: "_fields=id(&|$)", options: .regularExpression) != nil
        }
        #expect(idPages.isEmpty)
    }

    @Test func synchronize_productDeletedUpstream_reconciliationRemovesIt() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a synced counter and a product deleted upstream (a deletion changes no date_modified)
        _ = try await harness.synchronizer().synchronize()
        let brownie = try #require(harness.server.product(sku: "BAK-BRO"))
        _ = try await harness.network.response(for: RESTRequest.wooCommerce(.delete, "products/\(brownie.id)"))
        harness.advanceServerClock(by: 60)
        // When an incremental sync is due for reconciliation
        let report = try await harness.synchronizer(CatalogSyncConfiguration(reconciliationInterval: 0)).synchronize()
        // Then
        #expect(report.mode == .incremental)
        #expect(report.reconciled)
        #expect(report.productsRemoved == 1)
        #expect(try await harness.product(id: brownie.id) == nil)
        #expect(try await harness.productCount() == 19)
        let idPages = harness.server.requestLog.filter {
            $0.path.hasSuffix("wc/v3/products")
                && $0.query.range(of: "_fields=id(&|$)", options: .regularExpression) != nil
        }
        #expect(!idPages.isEmpty)
    }

    @Test func synchronize_variationChangedWithoutParentDate_reconciliationRefreshesIt() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a synced counter and a variation price changed upstream without touching its parent
        harness.advanceServerClock(by: 3600)
        _ = try await harness.synchronizer().synchronize()
        let large = try #require(harness.server.product(sku: "MER-TSH-L"))
        harness.server.updateProduct(id: large.id) { $0.regularPrice = "23.00" }
        // When the next incremental sync is due for reconciliation
        let report = try await harness.synchronizer(CatalogSyncConfiguration(reconciliationInterval: 0)).synchronize()
        // Then
        #expect(report.mode == .incremental)
        #expect(report.variationsStored == 3)
        let price = try await harness.environment.database.read { db in
            try BarcodeMatch.lookup("MER-TSH-L", in: db)
        }
        guard case .variation(let variation, _) = price else {
            Issue.record("no variation")
            return
        }
        #expect(variation.priceMinorUnits == 2300)
    }

    @Test func synchronize_fullAfterTrashUpstream_removesTrashedProduct() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a synced counter and a product moved to the trash upstream
        _ = try await harness.synchronizer().synchronize()
        let bagel = try #require(harness.server.product(sku: "BAK-BAG"))
        harness.server.updateProduct(id: bagel.id) { $0.status = "trash" }
        // When
        let report = try await harness.synchronizer().synchronize(full: true)
        // Then
        #expect(report.mode == .full)
        #expect(report.productsRemoved == 1)
        #expect(try await harness.product(id: bagel.id) == nil)
    }

    @Test func synchronize_503OnAProductPageMidSync_backsOffAndRetries() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given the store answers 503 to product page 3, after pages 1 and 2 went through
        let server = harness.server
        let network = HookedNetwork(
            base: harness.network, path: "wc/v3/products", queryItem: URLQueryItem(name: "page", value: "3")
        ) {
            server.faults.add(Fault(.status(503), method: "GET", path: "wc/v3/products", count: 1))
        }
        let synchronizer = harness.synchronizer(CatalogSyncConfiguration(pageSize: 5), network: network)
        // When
        let sync = Task { try await synchronizer.synchronize() }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(60))
        let report = try await sync.value
        // Then
        #expect(report.retries == 1)
        #expect(report.productsStored == 20)
        #expect(try await harness.productCount() == 20)
        let statuses = harness.server.requestLog.filter { $0.path.hasSuffix("wc/v3/products") }.map(\.status)
        #expect(statuses.filter { $0 == 503 }.count == 1)
    }

    @Test func synchronize_429WithRetryAfter_waitsExactlyThatLong() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given the store asks to come back in 7 seconds
        harness.server.faults.add(Fault(.status(429, retryAfter: 7), method: "GET", path: "wc/v3/products", count: 1))
        let synchronizer = harness.synchronizer()
        // When
        let sync = Task { try await synchronizer.synchronize() }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(6))
        #expect(harness.clock.sleeperCount == 1)  // still waiting after 6 s
        harness.clock.advance(by: .seconds(1))
        let report = try await sync.value
        // Then
        #expect(report.retries == 1)
        #expect(report.productsStored == 20)
    }

    @Test func synchronize_storeKeepsFailing_givesUpWithTheNetworkErrorAndKeepsTheLastSyncState() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a store that answers 503 to every catalog request
        harness.server.faults.add(Fault(.status(503), method: "GET", path: "wc/v3/products", count: 100))
        let synchronizer = harness.synchronizer(CatalogSyncConfiguration(maxAttempts: 2))
        // When
        let sync = Task { try await synchronizer.synchronize() }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(60))
        let result = await sync.result
        // Then
        guard case .failure(let error as CatalogError) = result, case .network(let network) = error else {
            Issue.record("expected a network error, got \(result)")
            return
        }
        #expect(network.statusCode == 503)
        #expect(!error.recoverySuggestion.isEmpty)
        let state = try await harness.environment.database.read { db in
            try SyncStateRecord.find("catalog.products", in: db)
        }
        #expect(state.lastFullSyncAt == nil)  // the next sync is full again
    }

    @Test func synchronize_productDeletedWhilePaging_fetchesTheProductThePagesSkipped() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a product of page 1 is deleted just before page 2 is read, so page 2 starts one product later
        let first = try #require(harness.server.products().filter { $0.parentID == 0 }.map(\.id).min())
        let skipped = try #require(
            harness.server.products().filter { $0.parentID == 0 }.map(\.id).sorted().dropFirst(5).first)
        let live = harness.network
        let network = HookedNetwork(
            base: live, path: "wc/v3/products", queryItem: URLQueryItem(name: "page", value: "2")
        ) {
            _ = try? await live.response(for: RESTRequest.wooCommerce(.delete, "products/\(first)"))
        }
        // When
        let report = try await harness.synchronizer(CatalogSyncConfiguration(pageSize: 5), network: network)
            .synchronize()
        // Then the changed count sent it to the id listing, which found the skipped product and fetched it;
        // the deleted one is gone
        #expect(report.reconciled)
        #expect(try await harness.product(id: skipped) != nil)
        #expect(try await harness.product(id: first) == nil)
        #expect(try await harness.productCount() == 19)
    }

    /// The settings and the reference lists are fetched beside the product pages, never more than 2 requests at
    /// once. The request named is answered only once product page 2 was asked for: a sync that fetched it before
    /// the pages (as before, settings then reference lists then pages) would never get there, and the time limit
    /// fails it.
    @Test(.timeLimit(.minutes(1)), arguments: ["wc/v3/customers", "wc/v3/system_status"])
    @MainActor func synchronize_throughTheStore_settingsAndReferenceListsOverlapThePagesTwoAtATime(
        held: String
    ) async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given 20 products in pages of 5, and the stores a logged-in session has, on a recording network
        let isPage2: @Sendable (any Request) -> Bool = {
            $0.path == "wc/v3/products" && $0.query.contains(URLQueryItem(name: "page", value: "2"))
        }
        let network = RecordingNetwork(base: harness.network, hold: { $0.path == held }, until: isPage2)
        let dispatcher = Dispatcher()
        // Each in a constant of its own: an optimised build freed stores held only in an array that nothing read,
        // so the sync found no SettingStore ("SettingAction is not available").
        let settingStore = SettingStore(dispatcher: dispatcher, environment: harness.environment, network: network,
                                        siteURL: harness.credentials.site.url.absoluteString)
        let catalogStore = CatalogSyncStore(dispatcher: dispatcher, environment: harness.environment, network: network,
                                            configuration: CatalogSyncConfiguration(pageSize: 5))
        // When
        let report = try await dispatcher.dispatch {
            CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0)
        }
        withExtendedLifetime((settingStore, catalogStore)) {}
        // Then everything arrived, two requests at most in flight (settings included), and page 2 was asked for
        // while the held request was still open
        #expect(report.productsStored == 20)
        #expect(report.variationsStored == 3)
        #expect(report.categories == 4)
        #expect(report.customers == 1)
        #expect(network.mostInFlight == 2)
        let events = network.events
        let page2Started = try #require(events.firstIndex {
            $0.kind == .start && $0.request.hasPrefix("wc/v3/products?")
                && $0.request.split(separator: "?").last?.split(separator: "&").contains("page=2") == true
        })
        let heldEnded = try #require(events.lastIndex {
            $0.kind == .end && ($0.request == held || $0.request.hasPrefix(held + "?"))
        })
        #expect(page2Started < heldEnded)
        let settings = try #require(
            try await dispatcher.dispatch { SettingAction.loadStoreSettings(reply: $0) })
        #expect(settings.currency.code == "EUR")
    }

    @Test func synchronize_progress_reportsPhasesAndFinishes() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given
        let (stream, continuation) = AsyncStream<CatalogSyncProgress>.makeStream()
        // When
        _ = try await harness.synchronizer(CatalogSyncConfiguration(pageSize: 5)).synchronize(progress: continuation)
        var phases: [CatalogSyncProgress.Phase] = []
        for await progress in stream where phases.last != progress.phase { phases.append(progress.phase) }
        // Then
        #expect(phases.contains(.products))
        #expect(phases.contains(.variations))
        #expect(phases.last == .done)
    }
}
