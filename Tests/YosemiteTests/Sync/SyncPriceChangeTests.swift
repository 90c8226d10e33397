import Foundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// A sale keeps the price the customer paid even when the store changes the product's price before the sale
/// reaches it: the create carries each line's own subtotal and total.
@Suite(.serialized)
struct SyncPriceChangeTests {
    @Test func sync_priceChangedUpstreamAfterTheSale_orderKeepsTheSalePrice() async throws {
        // Given a sale at 4.00, then the store raises the price to 9.99 before the sale is synced
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let order = try #require(try await harness.sell(1).first)
        _ = harness.server.updateProduct(id: harness.productID) { $0.regularPrice = "9.99" }

        // When
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the order on the store has the price of the sale, and no mismatch is flagged
        #expect(summary.sent == 1 && summary.mismatches.isEmpty)
        let stored = try #require(try await harness.stored(order))
        let remote = try #require(harness.server.order(id: stored.remoteId ?? 0))
        #expect(remote.total.formatted(2) == "4.00")
        #expect(stored.serverTotal == 400 && !stored.hasServerTotalMismatch)
        #expect(harness.server.product(id: harness.productID)?.regularPrice == "9.99")
    }
}
