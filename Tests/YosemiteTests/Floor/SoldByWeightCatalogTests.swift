import Foundation
import Storage
import Testing
import WooTestServer
@testable import Yosemite
import YosemiteTestSupport

/// The sold-by-weight marker comes from the store: the WooCommerce product meta `_pos_sold_by_weight` is read by
/// the catalog sync into the local product, and the counter's scan then asks for the scale.
@MainActor
@Suite(.serialized)
struct SoldByWeightCatalogTests {
    @Test func catalogSync_productMetaSoldByWeight_marksTheLocalProduct_andItsScanNeedsTheScale() async throws {
        // Given a store with a cheese marked sold by weight and bread that is not
        let harness = try CatalogTestHarness(seedDemo: false)
        defer { harness.tearDown() }
        let cheese = harness.server.addProduct(name: "Gouda", regularPrice: "12.99", sku: "GOUDA")
        _ = harness.server.updateProduct(id: cheese.id) {
            $0.metaData.append(MetaDatum(id: 900, key: "_pos_sold_by_weight", value: .string("yes")))
        }
        _ = harness.server.addProduct(name: "Bread", regularPrice: "3.50", sku: "BREAD")
        // When the catalog is synced
        _ = try await harness.synchronizer().synchronize()
        let dispatcher = Dispatcher()
        harness.keepAlive.append(ProductStore(dispatcher: dispatcher, environment: harness.environment))
        let gouda = try await dispatcher.result { ProductAction.scan(code: "GOUDA", reply: $0) }.get()
        let bread = try await dispatcher.result { ProductAction.scan(code: "BREAD", reply: $0) }.get()
        // Then
        #expect(gouda.item.product.soldByWeight)
        #expect(gouda.needsWeight)
        #expect(!bread.item.product.soldByWeight)
        #expect(!bread.needsWeight)
    }
}
