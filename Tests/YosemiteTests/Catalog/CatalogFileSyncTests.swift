import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// A full sync against a store offering WooCommerce's POS catalog API (the real WooTestServer in process): the file
/// when it is fresh, pages meanwhile when it is not, and a host that blocks it asked again a day later (an injected
/// clock; the server's generation is awaited, never slept on).
@Suite(.serialized)
struct CatalogFileSyncTests {
    private static let fileRequests = "/wp-content/uploads/product-feeds/"
    private static let create = "/wc/pos/v1/catalog/create"

    /// The counter's own clock for the sync (`now`), settable by the test.
    private let counterNow = ServerClock()

    private func harness() throws -> CatalogTestHarness {
        let harness = try CatalogTestHarness()
        harness.server.offersPOSCatalog = true
        harness.server.catalogItemsPerSecond = 0
        return harness
    }

    private func synchronizer(_ harness: CatalogTestHarness, environment: AppEnvironment? = nil) -> CatalogSynchronizer {
        let environment = environment ?? harness.environment
        let counterNow = counterNow
        return CatalogSynchronizer(
            network: harness.network, database: environment.database, currency: .eur, clock: harness.clock,
            now: DateGenerator { counterNow.now }, logger: environment.logger)
    }

    /// Another register: its own empty database against the same store.
    private func secondRegister() throws -> (AppEnvironment, TestDataDirectory) {
        let directory = try TestDataDirectory()
        return (try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork), directory)
    }

    private func paths(_ harness: CatalogTestHarness, from mark: Int) -> [String] {
        harness.server.requestLog.dropFirst(mark).map(\.path)
    }

    private func pagedProducts(_ harness: CatalogTestHarness, from mark: Int) -> Int {
        harness.server.requestLog.dropFirst(mark)
            .filter { $0.path == "/wc/v3/products" && $0.query.contains("_fields=id,name,") }.count
    }

    @Test func firstSync_asksForTheFileAndPagesMeanwhile_theNextRegisterUsesTheFreshFile() async throws {
        let harness = try harness()
        defer { harness.tearDown() }
        // When the first register syncs, no file exists: it asks for one and pages
        let first = try await synchronizer(harness).synchronize(full: true)
        #expect(first.productsStored == 20)
        #expect(paths(harness, from: 0).contains(Self.create))
        #expect(pagedProducts(harness, from: 0) > 0)
        #expect(!paths(harness, from: 0).contains { $0.hasPrefix(Self.fileRequests) })
        // And once the store has generated it, a second register's first sync downloads it instead of paging
        let feed = await harness.server.waitForCatalogFile()
        let (environment, directory) = try secondRegister()
        defer { directory.remove() }
        let mark = harness.server.requestLog.count
        let second = try await synchronizer(harness, environment: environment).synchronize(full: true)
        #expect(paths(harness, from: mark).contains { $0.hasPrefix(Self.fileRequests) })
        #expect(pagedProducts(harness, from: mark) == 0)
        #expect(!paths(harness, from: mark).contains { $0.hasSuffix("/variations") })
        #expect(second.productsStored == 20)
        #expect(second.variationsStored == 3)
        #expect(harness.server.catalogFeed?.generation == feed.generation)
        let stored = try await environment.database.read { db in
            (try Storage.ProductRecord.fetchCount(db), try ProductVariationRecord.fetchAll(db).compactMap(\.sku).sorted(),
             try BarcodeMatch.lookup("COF-ESP", in: db)?.product)
        }
        #expect(stored.0 == 20)
        #expect(stored.1 == ["MER-TSH-L", "MER-TSH-M", "MER-TSH-S"])
        #expect(stored.2?.priceMinorUnits == 220)
        #expect(try await environment.database.catalogFileRefusedAt() == nil)
    }

    @Test func aProductChangedAfterTheFile_makesItStale_pagesAndAsksForANewOne() async throws {
        let harness = try harness()
        defer { harness.tearDown() }
        _ = try await synchronizer(harness).synchronize(full: true)
        let feed = await harness.server.waitForCatalogFile()
        // Given a price changed after the file was generated
        harness.advanceServerClock(by: 60)
        let product = try #require(harness.server.product(sku: "COF-ESP"))
        harness.server.updateProduct(id: product.id) { $0.regularPrice = "2.50" }
        // When another full sync runs
        let mark = harness.server.requestLog.count
        _ = try await synchronizer(harness).synchronize(full: true)
        // Then it pages (the new price arrives) and a new generation was forced
        #expect(pagedProducts(harness, from: mark) > 0)
        #expect(!paths(harness, from: mark).contains { $0.hasPrefix(Self.fileRequests) })
        #expect(try await harness.product(id: product.id)?.priceMinorUnits == 250)
        let next = await harness.server.waitForCatalogFile(generation: feed.generation + 1)
        #expect(next.generation == feed.generation + 1)
    }

    @Test func aHostThatBlocksTheFile_pages_andIsAskedAgainADayLater() async throws {
        let harness = try harness()
        defer { harness.tearDown() }
        _ = try await synchronizer(harness).synchronize(full: true)
        await harness.server.waitForCatalogFile()
        harness.server.catalogFileBlock = .html
        // When the file comes back as an HTML page
        var mark = harness.server.requestLog.count
        let report = try await synchronizer(harness).synchronize(full: true)
        // Then the sync pages, and records when the host refused it
        #expect(report.productsStored == 20)
        #expect(pagedProducts(harness, from: mark) > 0)
        #expect(try await harness.environment.database.catalogFileRefusedAt() == counterNow.now)
        // An hour later a full sync does not ask for the file
        counterNow.advance(by: 3600)
        mark = harness.server.requestLog.count
        _ = try await synchronizer(harness).synchronize(full: true)
        #expect(!paths(harness, from: mark).contains(Self.create))
        // A day later it asks again, and, the host serving it now, uses it
        harness.server.catalogFileBlock = .none
        counterNow.advance(by: 24 * 3600)
        mark = harness.server.requestLog.count
        _ = try await synchronizer(harness).synchronize(full: true)
        #expect(paths(harness, from: mark).contains(Self.create))
        #expect(paths(harness, from: mark).contains { $0.hasPrefix(Self.fileRequests) })
        #expect(pagedProducts(harness, from: mark) == 0)
        #expect(try await harness.environment.database.catalogFileRefusedAt() == nil)
    }

    @Test func a403ForTheFile_countsAsBlocked() async throws {
        let harness = try harness()
        defer { harness.tearDown() }
        _ = try await synchronizer(harness).synchronize(full: true)
        await harness.server.waitForCatalogFile()
        harness.server.catalogFileBlock = .forbidden
        let report = try await synchronizer(harness).synchronize(full: true)
        #expect(report.productsStored == 20)
        #expect(try await harness.environment.database.catalogFileRefusedAt() == counterNow.now)
    }

    @Test func aStoreWithoutTheAPI_isAskedOnceADay() async throws {
        let harness = try harness()
        defer { harness.tearDown() }
        harness.server.offersPOSCatalog = false
        _ = try await synchronizer(harness).synchronize(full: true)
        #expect(harness.server.requestLog.filter { $0.path == Self.create }.map(\.status) == [404])
        counterNow.advance(by: 3600)
        _ = try await synchronizer(harness).synchronize(full: true)
        #expect(harness.server.requestLog.filter { $0.path == Self.create }.count == 1)
    }
}
