import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WooTestServer

struct ConcurrencyTests {
    @Test func manyParallelRequests_allSucceedWithUniqueOrderIDs() async throws {
        // Given
        let harness = try ServerHarness()
        let espresso = harness.server.product(sku: "COF-ESP")!
        // All 60 at once, as the test says: URLSession's default of 6 connections per host queued the rest, and on
        // Linux a queued request's 5 s timeout runs while it waits its turn, so a starved machine timed out
        // requests the server had not yet been sent.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = 60
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        // When
        let ids = try await withThrowingTaskGroup(of: Int64?.self) { group in
            for index in 0..<60 {
                group.addTask {
                    if index % 2 == 0 {
                        let reply = try await harness.send("POST", "/wc/v3/orders",
                            body: #"{"status":"processing","line_items":[{"product_id":\#(espresso.id),"quantity":1}]}"#,
                            session: session)
                        return reply.json?["id"]?.intValue
                    }
                    // A small page: the test is about 60 requests at once, and 30 pages of 100 full products in a
                    // debug build kept a loaded 2-core machine busy past the client's 5 s request timeout.
                    let reply = try await harness.send("GET", "/wc/v3/products", query: [("per_page", "10")], session: session)
                    return reply.status == 200 ? -1 : nil
                }
            }
            var collected: [Int64?] = []
            for try await id in group { collected.append(id) }
            return collected
        }
        // Then
        let orderIDs = ids.compactMap { $0 }.filter { $0 > 0 }
        #expect(ids.allSatisfy { $0 != nil })
        #expect(Set(orderIDs).count == 30)
        #expect(harness.server.stockQuantity(productID: espresso.id) == 470)
        await harness.server.waitForRequests(count: 60)
        #expect(harness.server.requestLog.count == 60)
    }
}
