import Foundation
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// A sender that dies mid-sync, in-flight rows at start, two senders on one data directory, big queues.
@Suite
struct SyncInterruptionTests {
    @Test func sync_cancelledAfterBatchCommitted_nextSyncAdoptsWithoutDuplicates() async throws {
        // Given 30 sales, and a sender cancelled right after the store committed its first batch
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(30)
        harness.network.cancelTask(afterResponseTo: "orders/batch")

        // When the first sync dies, and a second one runs
        let dying = harness.engine()
        let first = await Task { try await dying.sync(maxWait: .zero) }.result
        let inFlight = try await harness.outbox().filter { $0.state == .inFlight }.count
        let second = try await harness.engine().sync(maxWait: .zero)

        // Then the 25 committed creates are adopted, not sent again; every sale is on the store once, paid
        #expect(throws: SyncError.interrupted) { try first.get() }
        #expect(inFlight == 25)
        #expect(second.recoveredInFlight == 25 && second.adopted == 25 && second.isComplete)
        for order in orders {
            #expect(harness.serverCount(of: order.clientUUID) == 1)
            #expect(try await harness.stored(order)?.syncState == .synced)
        }
        #expect(harness.server.orders().allSatisfy { $0.datePaid != nil })
    }

    @Test func sync_inFlightRowsAtStart_looksThemUpBeforeSending() async throws {
        // Given two sales left in flight by a dead sender: the store got the first, not the second
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(2)
        let entries = try await harness.outbox()
        let firstCreate = try #require(entries.first)
        let body = try JSONDecoder().decode(JSONValue.self, from: Data(firstCreate.payload.utf8))
        _ = try await OutboxSender(network: harness.network).createOrder(body)
        try await harness.environment.database.performAndSave { db in
            for var entry in entries where entry.kind == .createOrder { try entry.markInFlight(in: db) }
        }

        // When a new sender starts
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the first is adopted, the second sent, each once
        #expect(summary.recoveredInFlight == 2 && summary.adopted == 1 && summary.isComplete)
        for order in orders { #expect(harness.serverCount(of: order.clientUUID) == 1) }
    }

    @Test func sync_twoSendersOnOneDataDirectory_secondDoesNotDrain() async throws {
        // Given a first sender holding its first request at a gate
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(3)
        let gate = Gate()
        harness.network.hold(at: gate)
        let (firstEngine, secondEngine) = (harness.engine(), harness.engine())
        let first = Task { try await firstEngine.sync(maxWait: .zero) }
        await gate.waitForArrival()

        // When a second sender on the same data directory tries
        let second = await Task { try await secondEngine.sync(maxWait: .zero) }.result
        await gate.open()
        let summary = try await first.value

        // Then the second refused to drain, and the first sent everything once
        guard case .failure(let error) = second, case .anotherSenderRunning = error as? SyncError else {
            Issue.record("expected anotherSenderRunning, got \(second)")
            return
        }
        #expect(summary.isComplete)
        for order in orders { #expect(harness.serverCount(of: order.clientUUID) == 1) }
        let third = try await harness.engine().sync(maxWait: .zero)
        #expect(third.sent == 0)
    }

    @Test func sync_thousandPendingSales_drainThroughBatches() async throws {
        // Given 1,000 queued sales
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let orders = try await harness.sell(1000)
        harness.server.clearRequestLog()

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then all went through batches of 25 (creates, created paid), each sale once
        #expect(summary.sent == 1000 && summary.isComplete && summary.mismatches.isEmpty)
        let posts = harness.server.requestLog.filter { $0.method == "POST" || $0.method == "PUT" }
        #expect(posts.allSatisfy { $0.path.hasSuffix("orders/batch") })
        #expect(posts.count == 40)
        #expect(harness.server.orders().count == 1000)
        #expect(Set(harness.server.orders().compactMap { $0.metaData.first { $0.key == Order.clientUUIDMetaKey }?.value.stringValue }).count == 1000)
        #expect(Set(orders.map(\.clientUUID)).count == 1000)
    }

    @Test func sync_stockGoesNegative_isReported() async throws {
        // Given a product with 1 in stock, sold 3 times offline
        let harness = try SyncTestHarness(stock: 1)
        defer { harness.stop() }
        try await harness.sell(3)

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the store's stock is -2 and the summary says so
        #expect(summary.isComplete)
        #expect(summary.negativeStock == [NegativeStock(productId: harness.productID, name: "Sync Mug", quantity: "-2")])
    }

    @Test func senderLock_heldByOne_refusesAnotherUntilReleased() throws {
        // Given a held lock
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let lock = try SenderLock.acquire(in: directory.url)

        // When another sender tries, then tries after release
        #expect(throws: SyncError.self) { _ = try SenderLock.acquire(in: directory.url) }
        lock.release()
        let again = try SenderLock.acquire(in: directory.url)

        // Then only the second attempt got it
        again.release()
    }
}
