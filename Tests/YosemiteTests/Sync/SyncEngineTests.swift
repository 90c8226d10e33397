import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// The sync engine against the WooCommerce-compatible test server: offline and online, lost responses,
/// refusals, backoff on a manual clock.
@Suite(.serialized)
struct SyncEngineTests {
    @Test func sync_offlineThenOnline_sendsEachSaleOnceWithItsTotals() async throws {
        // Given three sales made while the store is unreachable
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(3)
        harness.network.setOffline(true)
        let engine = harness.engine()

        // When syncing offline, then online
        let offline = try await engine.sync(maxWait: .zero)
        harness.network.setOffline(false)
        let online = try await engine.sync(maxWait: .zero)
        let again = try await engine.sync(maxWait: .zero)

        // Then nothing is lost offline, each sale arrives once, paid (one entry each), with the local totals
        #expect(offline.unreachable && offline.sent == 0 && offline.remaining == 3)
        #expect(engine.connectivity.current == .online)
        #expect(online.sent == 3 && online.remaining == 0 && online.isComplete && online.mismatches.isEmpty)
        #expect(again.sent == 0 && again.adopted == 0)
        for order in orders {
            #expect(harness.serverCount(of: order.clientUUID) == 1)
            let stored = try #require(try await harness.stored(order))
            #expect(stored.syncState == .synced && stored.remoteId != nil && stored.remoteNumber != nil)
            #expect(stored.serverTotal == 400 && !stored.hasServerTotalMismatch)
            let remote = try #require(harness.server.order(id: stored.remoteId ?? 0))
            #expect(remote.datePaid != nil && remote.transactionID == order.clientUUID.description)
        }
    }

    @Test func sync_responseLostAfterCommit_adoptsTheOrderWithoutDuplicate() async throws {
        // Given a sale whose create the store commits but whose answer is lost
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let order = try #require(try await harness.sell(1).first)
        harness.server.faults.add(Fault(.resetAfterWrite, method: "POST", path: "/wc/v3/orders", count: 1))
        let engine = harness.engine()

        // When syncing: the engine backs off on the manual clock, then retries
        let sync = Task { try await engine.sync(maxWait: .seconds(60)) }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(60))
        let summary = try await sync.value

        // Then the order was looked up and adopted, not created twice
        #expect(summary.adopted == 1 && summary.isComplete)
        #expect(harness.serverCount(of: order.clientUUID) == 1)
        #expect(try await harness.stored(order)?.syncState == .synced)
        let lookups = harness.server.requestLog.filter { $0.method == "GET" && $0.query.contains("include_meta") }
        #expect(lookups.count == 1)
    }

    @Test func sync_batchAnswerLostAfterCommit_looksUpTheBatchAndDoesNotSendItAgain() async throws {
        // Given three sales sent as one batch, which the store commits but whose answer is lost
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(3)
        harness.server.clearRequestLog()
        harness.server.faults.add(Fault(.resetAfterWrite, method: "POST", path: "/wc/v3/orders/batch", count: 1))
        let engine = harness.engine()

        // When syncing: the engine backs off on the manual clock, then tries again
        let sync = Task { try await engine.sync(maxWait: .seconds(60)) }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(60))
        let summary = try await sync.value

        // Then the three were looked up by client uuid and adopted; the batch was posted once, never again
        #expect(summary.adopted == 3 && summary.isComplete)
        for order in orders {
            #expect(harness.serverCount(of: order.clientUUID) == 1)
            #expect(try await harness.stored(order)?.syncState == .synced)
        }
        let writes = harness.server.requestLog.filter { $0.method == "POST" || $0.method == "PUT" }
        #expect(writes.map(\.path) == ["/wc/v3/orders/batch"])
        let lookups = harness.server.requestLog.filter { $0.method == "GET" && $0.query.contains("include_meta") }
        #expect(lookups.count == 1)
    }

    @Test func sync_legacyMarkPaidQueuedBeforeUpgrade_isStillSentAfterItsCreate() async throws {
        // Given a sale queued by an older version: its create, then a separate mark-paid entry
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let order = try #require(try await harness.sell(1).first)
        try await harness.enqueueLegacyMarkPaid(for: order)

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then both went, the order exists once and is paid
        #expect(summary.isComplete && summary.sent == 2)
        #expect(harness.serverCount(of: order.clientUUID) == 1)
        let stored = try #require(try await harness.stored(order))
        let remote = try #require(harness.server.order(id: stored.remoteId ?? 0))
        #expect(remote.datePaid != nil)
    }

    @Test func sync_deletedProduct_parksWithReasonAndOthersGoOn() async throws {
        // Given a sale of a product deleted on the store since, and a good sale after it
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let doomed = harness.server.addProduct(name: "Discontinued", regularPrice: "4.00", taxClass: "zero-rate")
        let bad = try #require(try await harness.sell(1, productID: doomed.id).first)
        try await harness.enqueueLegacyMarkPaid(for: bad)
        let good = try #require(try await harness.sell(1).first)
        try await Remote(network: harness.network).enqueueIgnoringBody(
            RESTRequest.wooCommerce(.delete, "products/\(doomed.id)", query: ["force": "true"]))

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the bad sale's create is parked with the reason, its (legacy) mark-paid waits, the good one is synced
        #expect(summary.parked == 1 && summary.newlyParked == 1 && summary.remaining == 0)
        #expect(summary.waitingBehindParked == 1)
        let entries = try await harness.outbox().filter { $0.orderId == bad.id }
        #expect(entries.map(\.state) == [.parked, .pending])
        #expect(entries.first?.parkedReason?.contains("empty line instead of product \(doomed.id)") == true)
        #expect(try await harness.stored(bad)?.syncState == .parked)
        #expect(try await harness.stored(good)?.syncState == .synced)
        #expect(harness.serverCount(of: bad.clientUUID) == 1)
    }

    @Test func sync_invalidCoupon_parksWithTheStoresReason() async throws {
        // Given an order whose coupon the store does not know
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let order = try #require(try await harness.sell(1).first)
        let orderId = try #require(order.id)
        try await harness.environment.database.performAndSave { db in
            try db.execute(sql: """
                UPDATE outbox SET payload = json_set(payload, '$.coupon_lines', json('[{"code":"nope"}]'))
                WHERE orderId = ? AND kind = 'createOrder'
                """, arguments: [orderId])
        }

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then it is parked with the store's words, never retried by itself
        #expect(summary.parked == 1 && summary.sent == 0)
        let parked = try #require(try await harness.outbox().first { $0.state == .parked })
        #expect(parked.parkedReason?.contains("woocommerce_rest_invalid_coupon") == true)
        let again = try await harness.engine().sync(maxWait: .zero)
        #expect(again.sent == 0 && again.parked == 1)
        #expect(harness.serverCount(of: order.clientUUID) == 0)
    }

    @Test func sync_serverBusyTwice_retriesWithBackoffOnManualClock() async throws {
        // Given a store answering 503 twice
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let order = try #require(try await harness.sell(1).first)
        harness.server.faults.add(Fault(.status(503), method: "POST", path: "/wc/v3/orders", count: 2))
        let engine = harness.engine()

        // When syncing, advancing the clock at each backoff
        let sync = Task { try await engine.sync(maxWait: .seconds(600)) }
        for _ in 0..<2 {
            await harness.clock.waitForSleepers()
            harness.clock.advance(by: .seconds(300))
        }
        let summary = try await sync.value

        // Then it went through on the third attempt, once
        #expect(summary.isComplete && summary.sent == 1)
        #expect(harness.serverCount(of: order.clientUUID) == 1)
    }

    @Test func sync_rateLimitedWithRetryAfter_schedulesNoEarlierThanAsked() async throws {
        // Given a store that says "429, retry after 120 s"
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        try await harness.sell(1)
        harness.server.faults.add(Fault(.status(429, retryAfter: 120), method: "POST", path: "/wc/v3/orders"))

        // When syncing without waiting
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the entry waits at least 120 s
        #expect(summary.remaining == 1 && !summary.unreachable)
        let create = try #require(try await harness.outbox().first)
        let wait = try #require(create.nextAttemptAt).timeIntervalSince(harness.environment.now())
        #expect(wait >= 120 && wait < 3600)
    }
}
