import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WooTestServer

/// WooCommerce's POS catalog API as the test server plays it: create, the background generation, the file, and the
/// hosts that block it. The generation runs at once (`catalogItemsPerSecond = 0`); tests await its completion.
struct POSCatalogAPITests {
    private func harness() throws -> ServerHarness {
        let harness = try ServerHarness()
        harness.server.catalogItemsPerSecond = 0
        harness.server.offersPOSCatalog = true
        return harness
    }

    private func create(_ harness: ServerHarness, force: Bool = false,
                        user: (String, String) = ServerHarness.manager) async throws -> ServerHarness.Reply {
        try await harness.send(
            "POST", "/wc/pos/v1/catalog/create",
            body: #"{"force": \#(force), "_product_fields": "id,name,price,variations", "_variation_fields": "id,parent_id,price"}"#,
            user: user)
    }

    @Test func create_schedulesAGenerationAndReportsItsState() async throws {
        let harness = try harness()
        let reply = try await create(harness)
        #expect(reply.status == 200)
        let json = try #require(reply.json)
        #expect(["scheduled", "in_progress", "completed"].contains(json["state"]?.stringValue ?? ""))
        for key in ["progress", "processed", "total", "scheduled_at", "completed_at"] { #expect(json[key] != nil, "\(key)") }
        let published = harness.server.products().filter { $0.parentID == 0 && $0.status == "publish" }
        let variations = published.flatMap(\.variationIDs).count
        #expect(json["total"]?.intValue == Int64(published.count + variations))
    }

    @Test func completedFile_isAListOfTypedItemsTrimmedToTheFieldsAskedFor() async throws {
        let harness = try harness()
        _ = try await create(harness)
        let feed = await harness.server.waitForCatalogFile()
        let reply = try await create(harness)
        let json = try #require(reply.json)
        #expect(json["state"]?.stringValue == "completed")
        #expect(json["progress"]?.intValue == 100)
        let url = try #require(json["url"]?.stringValue)
        #expect(url.contains("/wp-content/uploads/product-feeds/"))
        #expect(feed.url == url)
        let path = try #require(URL(string: url)).path
        let file = try await harness.send("GET", path, user: nil, raw: true)
        #expect(file.status == 200)
        let items = try #require(file.json?.arrayValue)
        #expect(items.count == feed.total)
        let products = items.filter { $0["type"]?.stringValue == "product" }
        let variations = items.filter { $0["type"]?.stringValue == "variation" }
        #expect(products.count + variations.count == items.count)
        #expect(products.allSatisfy { Set(($0["data"]?.objectValue ?? []).map(\.0)).isSubset(of: ["id", "name", "price", "variations"]) })
        #expect(variations.allSatisfy { $0["data"]?["parent_id"] != nil && $0["data"]?["name"] == nil })
    }

    @Test func withoutForce_reportsTheCurrentGeneration_withForce_startsANewOne() async throws {
        let harness = try harness()
        _ = try await create(harness)
        let first = await harness.server.waitForCatalogFile()
        _ = try await create(harness)
        #expect(harness.server.catalogFeed?.generation == first.generation)
        _ = try await create(harness, force: true)
        let second = await harness.server.waitForCatalogFile(generation: first.generation + 1)
        #expect(second.generation == first.generation + 1)
        #expect(second.url != first.url)
    }

    @Test func blockingHosts_answer403OrAnHTMLPage() async throws {
        let harness = try harness()
        _ = try await create(harness)
        let feed = await harness.server.waitForCatalogFile()
        let path = try #require(feed.url.flatMap(URL.init(string:))).path
        harness.server.catalogFileBlock = .forbidden
        #expect(try await harness.send("GET", path, user: nil, raw: true).status == 403)
        harness.server.catalogFileBlock = .html
        let page = try await harness.send("GET", path, user: nil, raw: true)
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.json == nil)
    }

    @Test func aStoreWithoutTheAPI_answersNoRoute_andCashiersNeedTheShopManagerRole() async throws {
        let harness = try harness()
        #expect(try await create(harness, user: ServerHarness.subscriber).status == 403)
        harness.server.offersPOSCatalog = false
        let reply = try await create(harness)
        #expect(reply.status == 404)
        #expect(reply.json?["code"]?.stringValue == "rest_no_route")
    }

    @Test func withStoreCosts_generationIsChargedPerItem() async throws {
        let harness = try harness()
        harness.server.storeCosts = StoreCosts(
            perRequestMilliseconds: 1, perTrimmedItemMilliseconds: 0, perFullItemMilliseconds: 0,
            perBatchedOrderMilliseconds: 0, perSingleOrderMilliseconds: 0, perCatalogItemMilliseconds: 0.01,
            perFileMegabyteMilliseconds: 1, workers: 2)
        _ = try await create(harness)
        let feed = await harness.server.waitForCatalogFile()
        let generation = try #require(harness.server.storeCostLedger.entries[.catalogGeneration])
        #expect(abs(generation.milliseconds - Double(feed.total) * 0.01) < 1e-6)
        #expect(generation.requests == 1)
        #expect(harness.server.storeCostLedger.entries[.catalogCreate]?.requests == 1)
    }
}
