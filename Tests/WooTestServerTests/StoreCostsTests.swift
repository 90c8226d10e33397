import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WooTestServer

/// The store-like costs: what each request is charged (computed, never timed here).
struct StoreCostsTests {
    private let costs = StoreCosts(
        perRequestMilliseconds: 50, perTrimmedItemMilliseconds: 1, perFullItemMilliseconds: 2,
        perBatchedOrderMilliseconds: 80, perSingleOrderMilliseconds: 100, workers: 2)

    @Test func itemCount_countsTopLevelElementsNotNestedOnes() {
        #expect(HTTPResponse.json(200, .array([])).itemCount == 0)
        let nested = JSON.object([("a", .array([.int(1), .int(2), .int(3)])), ("b", .string("x,]y"))])
        #expect(HTTPResponse.json(200, .array([nested, .object([("c", .object([]))])])).itemCount == 2)
        #expect(HTTPResponse.json(200, .array([.int(1), .int(2), .int(3)])).itemCount == 3)
        #expect(HTTPResponse.json(200, .object([("id", .int(1))])).itemCount == 0)
    }

    @Test func milliseconds_chargesPerRequestPerItemAndPerOrder() {
        let page = HTTPResponse.json(200, .array([1, 2, 3].map { .object([("id", .int($0))]) }))
        let batch = Array(#"{"create":[{"a":1},{"a":2}],"update":[{"id":9}]}"#.utf8)
        #expect(costs.milliseconds(method: "GET", route: "/wc/v3/products", trimmed: true, requestBody: [], response: page) == 53)
        #expect(costs.milliseconds(method: "GET", route: "/wc/v3/products", trimmed: false, requestBody: [], response: page) == 56)
        #expect(costs.milliseconds(method: "POST", route: "/wc/v3/orders/batch", trimmed: false, requestBody: batch,
                                   response: HTTPResponse(status: 200)) == 290)
        #expect(costs.milliseconds(method: "POST", route: "/wc/v3/orders", trimmed: false, requestBody: [],
                                   response: HTTPResponse(status: 201)) == 150)
        #expect(costs.milliseconds(method: "PUT", route: "/wc/v3/orders/12", trimmed: false, requestBody: [],
                                   response: HTTPResponse(status: 200)) == 150)
        #expect(costs.milliseconds(method: "GET", route: "/wc/v3/products", trimmed: true, requestBody: [],
                                   response: HTTPResponse(status: 401)) == 50)
    }

    @Test func server_withStoreCosts_closesEveryConnection() async throws {
        let server = WooTestServer()
        server.seedDemoStore()
        server.storeCosts = StoreCosts(
            perRequestMilliseconds: 0, perTrimmedItemMilliseconds: 0, perFullItemMilliseconds: 0,
            perBatchedOrderMilliseconds: 0, perSingleOrderMilliseconds: 0, workers: 2)
        let url = try server.start()
        defer { server.stop() }
        let (_, response) = try await URLSession.shared.data(from: url.appendingPathComponent("wp-json/"))
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Connection")?.lowercased() == "close")
    }

    @Test func generateCatalog_addsProductsWithVariationsDeterministically() {
        let server = WooTestServer()
        server.generateCatalog(products: 200, variableEvery: 100, variationsPerProduct: 5)
        let products = server.products()
        #expect(products.filter { $0.parentID == 0 }.count == 200)
        #expect(products.filter { $0.parentID != 0 }.count == 10)
        #expect(Set(products.map(\.sku)).count == 210)
    }
}
