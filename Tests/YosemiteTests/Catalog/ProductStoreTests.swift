import Foundation
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import YosemiteTestSupport

@testable import Yosemite

@MainActor
@Suite(.serialized)
struct ProductStoreTests {
    /// A counter synced from the seeded demo store, and a dispatcher with a ProductStore on its database.
    private func syncedStore() async throws -> (CatalogTestHarness, Dispatcher) {
        let harness = try CatalogTestHarness()
        _ = try await harness.synchronizer().synchronize()
        let dispatcher = Dispatcher()
        harness.keepAlive.append(ProductStore(dispatcher: dispatcher, environment: harness.environment))
        return (harness, dispatcher)
    }

    private func lookup(_ code: String, _ dispatcher: Dispatcher) async -> Result<CatalogItem, CatalogError> {
        await dispatcher.result { ProductAction.lookup(code: code, reply: $0) }
    }

    private func search(_ text: String, _ dispatcher: Dispatcher) async throws -> [CatalogProduct] {
        try await dispatcher.dispatch { ProductAction.search(text: text, limit: 10, reply: $0) }
    }

    @Test func lookup_productSKU_findsProductWithPrice() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // When
        let item = try await lookup("COF-ESP", dispatcher).get()
        // Then
        #expect(item.name == "Espresso")
        #expect(item.variation == nil)
        #expect(item.price(in: .eur) == Money(minorUnits: 220, currency: .eur))
    }

    @Test func lookup_productGTIN_findsProduct() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // When: the EAN-13 of the croissant, and its zero-padded GTIN-14 spelling
        let item = try await lookup("4006381333993", dispatcher).get()
        let padded = try await lookup("04006381333993", dispatcher).get()
        // Then
        #expect(item.name == "Croissant")
        #expect(padded == item)
    }

    @Test func lookup_variationSKU_findsVariationWithParent() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // When
        let item = try await lookup("MER-TSH-L", dispatcher).get()
        // Then
        let variation = try #require(item.variation)
        #expect(item.product.name == "T-Shirt")
        #expect(variation.attributes == [ProductVariationRecord.Attribute(name: "Size", option: "L")])
        #expect(item.price(in: .eur) == Money(minorUnits: 2100, currency: .eur))
    }

    @Test func lookup_variationGTIN_findsVariation() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        let item = try await lookup("4006381334200", dispatcher).get()
        #expect(item.variation?.sku == "MER-TSH-S")
    }

    @Test func lookup_unknownCode_failsWithNotFoundAndWhatToDo() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // When
        let result = await lookup(" 999123 ", dispatcher)
        // Then
        #expect(throws: CatalogError.notFound(code: "999123")) { try result.get() }
        #expect(CatalogError.notFound(code: "999123").message == "not found: 999123")
        #expect(CatalogError.notFound(code: "999123").recoverySuggestion.contains("pos catalog sync"))
    }

    @Test func loadItem_productAndVariationIDs_returnsTheItemOrNotFound() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // Given
        let shirt = try #require(harness.server.product(sku: "MER-TSH"))
        let medium = try #require(harness.server.product(sku: "MER-TSH-M"))
        func load(_ productID: Int64, _ variationID: Int64?) async -> Result<CatalogItem, CatalogError> {
            await dispatcher.result { ProductAction.loadItem(productID: productID, variationID: variationID, reply: $0) }
        }
        // When
        let item = try await load(shirt.id, medium.id).get()
        let missing = await load(999_999, nil)
        // Then
        #expect(item.variation?.sku == "MER-TSH-M")
        #expect(item.product.name == "T-Shirt")
        #expect(throws: CatalogError.notFound(code: "product 999999")) { try missing.get() }
    }

    @Test func search_prefixes_findProductsByNameAndSKU() async throws {
        let (harness, dispatcher) = try await syncedStore()
        defer { harness.tearDown() }
        // When
        let cappuccino = try await search("capp", dispatcher)
        let beans = try await search("coff bea", dispatcher)
        let bySKU = try await search("BAK-CR", dispatcher)
        // Then
        #expect(cappuccino.map(\.name) == ["Cappuccino"])
        #expect(Set(beans.map(\.name)) == ["Coffee Beans 250 g", "Coffee Beans 1 kg"])
        #expect(bySKU.map(\.name).contains("Croissant"))
    }

    @Test func synchronize_throughStoresManagerAfterLogin_syncsSettingsThenCatalog() async throws {
        let harness = try CatalogTestHarness()
        defer { harness.tearDown() }
        // Given a logged-in manager
        let manager = StoresManager(
            environment: harness.environment)
        _ = try await manager.login(
            siteURL: harness.credentials.site.url.absoluteString, username: "manager",
            applicationPassword: "good-pass")
        let (stream, continuation) = AsyncStream<CatalogSyncProgress>.makeStream()
        // When
        let report = try await manager.dispatch {
            CatalogSyncAction.synchronize(full: false, progress: continuation, reply: $0)
        }
        var last: CatalogSyncProgress?
        for await progress in stream { last = progress }
        // Then
        #expect(report.productsStored == 20)
        #expect(last?.phase == .done)
        let count = try await manager.dispatch { ProductAction.count(reply: $0) }
        #expect(count == CatalogCount(products: 20, variations: 3))
    }

    @Test func synchronize_demoStore_failsWithDemoStore() async throws {
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        // Given a manager with no store (the demo state)
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        // When
        let result = await manager.result { CatalogSyncAction.synchronize(full: false, progress: nil, reply: $0) }
        // Then
        #expect(throws: CatalogError.demoStore) { try result.get() }
    }
}
