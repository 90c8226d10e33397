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

/// The calibrated store costs: per request kind, and the ledger a benchmark reads between clients.
struct StoreCostsCalibrationTests {
    @Test func storeLike_chargesTheMeasuredFiguresPerRequestKind() {
        let costs = StoreCosts.storeLike
        func items(_ count: Int) -> HTTPResponse {
            .json(200, .array((0..<count).map { .object([("id", .int(Int64($0)))]) }))
        }
        // A bare request ~69 ms; a stock read of 25 ids ~121 ms; a full page of 100 ~355 ms.
        #expect(costs.charge(method: "GET", route: "/wc/v3/products", trimmed: true, included: false,
                             requestBody: [], response: items(1)).milliseconds.rounded() == 70)
        let stockRead = costs.charge(method: "GET", route: "/wc/v3/products", trimmed: true, included: true,
                                     requestBody: [], response: items(25))
        #expect(stockRead.kind == .productsByID)
        #expect(abs(stockRead.milliseconds - 121) < 3)
        let fullPage = costs.charge(method: "GET", route: "/wc/v3/products", trimmed: false, included: false,
                                    requestBody: [], response: items(100))
        #expect(fullPage.kind == .productPage)
        #expect(abs(fullPage.milliseconds - 355) < 10)
        // A batch of 25 orders ≈ 2.7 s: ~100–115 ms per order.
        let batch = Array(("{\"create\":[" + Array(repeating: "{}", count: 25).joined(separator: ",") + "]}").utf8)
        let orders = costs.charge(method: "POST", route: "/wc/v3/orders/batch", trimmed: false, included: false,
                                  requestBody: batch, response: HTTPResponse(status: 200))
        #expect(orders.kind == .orderBatch)
        #expect(abs(orders.milliseconds - 2_700) < 150)
        // 10,551 items generated in ~28–29 s.
        #expect(abs(Double(10_551) * costs.perCatalogItemMilliseconds / 1_000 - 28.5) < 1)
    }

    @Test func ledger_countsWhatEachRequestWasCharged() async throws {
        let harness = try ServerHarness()
        harness.server.storeCosts = StoreCosts(
            perRequestMilliseconds: 1, perTrimmedItemMilliseconds: 0.5, perFullItemMilliseconds: 1,
            perIncludedItemMilliseconds: 2, perBatchedOrderMilliseconds: 3, perSingleOrderMilliseconds: 4, workers: 2)
        let before = harness.server.storeCostLedger
        let page = try await harness.send("GET", "/wc/v3/products", query: [("per_page", "4"), ("_fields", "id")])
        let byID = try await harness.send("GET", "/wc/v3/products", query: [("include", "1,2"), ("_fields", "id")])
        let pageItems = page.json?.arrayValue?.count ?? 0
        let byIDItems = byID.json?.arrayValue?.count ?? 0
        #expect(pageItems == 4)
        let ledger = harness.server.storeCostLedger
        #expect(before.totalRequests == 0)
        #expect(ledger.entries[.productPage] == .init(requests: 1, milliseconds: 1 + 0.5 * Double(pageItems)))
        #expect(ledger.entries[.productsByID] == .init(requests: 1, milliseconds: 1 + 2 * Double(byIDItems)))
        let costs = try await harness.send("GET", "/__test/costs", raw: true)
        #expect(costs.json?["requests"]?.intValue == 2)
        #expect(costs.json?["kinds"]?["product_page"]?["requests"]?.intValue == 1)
    }
}
