import Foundation
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// `SyncAction` through a dispatcher: sync now, the queue with reasons, retry and discard of parked entries.
@MainActor
@Suite(.serialized)
struct SyncStoreTests {
    @Test func retryParked_afterARefusal_sendsItOnTheNextSync() async throws {
        // Given a sale the store refused once (400)
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let dispatcher = Dispatcher()
        let store = SyncStore(dispatcher: dispatcher, environment: harness.environment, network: harness.network,
                              configuration: .init(randomSeed: 1))
        let order = try #require(try await harness.sell(1).first)
        harness.server.faults.add(Fault(.status(400, body: #"{"code":"bad_data","message":"Invalid data."}"#),
                                        method: "POST", path: "/wc/v3/orders"))
        let parked = try await dispatcher.result { SyncAction.syncNow(maxWait: .zero, reply: $0) }.get()
        let queue = try await dispatcher.result { SyncAction.loadQueue(reply: $0) }.get()

        // When a person retries it and syncs again
        let entryID = try #require(queue.first { $0.state == "parked" }?.id)
        let retried = try await dispatcher.result { SyncAction.retryParked(entryID: entryID, reply: $0) }.get()
        let summary = try await dispatcher.result { SyncAction.syncNow(maxWait: .zero, reply: $0) }.get()

        // Then the reason was shown, and the sale went through once
        // (a sale is one entry, created paid: nothing of it waits behind the parked create)
        #expect(parked.parked == 1 && parked.waitingBehindParked == 0)
        #expect(queue.first?.parkedReason?.contains("Invalid data") == true)
        #expect(retried.state == "pending")
        #expect(summary.isComplete && summary.sent == 1)
        #expect(harness.serverCount(of: order.clientUUID) == 1)
        withExtendedLifetime(store) {}
    }

    @Test func connectivity_beforeAndAfterSyncs_followsWhatTheEngineSaw() async throws {
        // Given a sale waiting, and a store not yet asked, its connectivity shared with the session
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let dispatcher = Dispatcher()
        let connectivity = ConnectivityMonitor()
        let store = SyncStore(dispatcher: dispatcher, environment: harness.environment, network: harness.network,
                              connectivity: connectivity)
        try await harness.sell(1)
        let before = connectivity.current

        // When a sync runs with the cable out, then with it back
        harness.network.setOffline(true)
        _ = await dispatcher.result { SyncAction.syncNow(maxWait: .zero, reply: $0) }
        let offline = connectivity.current
        let offlineError = connectivity.lastError
        harness.network.setOffline(false)
        _ = await dispatcher.result { SyncAction.syncNow(maxWait: .zero, reply: $0) }
        let online = connectivity.current

        // Then the state follows the last request's outcome, with the error while offline
        #expect(before == .unknown)
        #expect(offline == .offline)
        #expect(offlineError != nil)
        #expect(online == .online)
        #expect(connectivity.lastError == nil)
        withExtendedLifetime(store) {}
    }

    @Test func discardParked_needsConfirmationThenUnblocksTheOrder() async throws {
        // Given a parked create (unknown coupon)
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let dispatcher = Dispatcher()
        let store = SyncStore(dispatcher: dispatcher, environment: harness.environment, network: harness.network)
        try await harness.sell(1)
        harness.server.faults.add(Fault(.status(400), method: "POST", path: "/wc/v3/orders"))
        _ = await dispatcher.result { SyncAction.syncNow(maxWait: .zero, reply: $0) }
        let entryID = try #require(try await harness.outbox().first { $0.state == .parked }?.id)

        // When discarding without, then with confirmation
        let refused = await dispatcher.result { SyncAction.discardParked(entryID: entryID, confirmed: false, reply: $0) }
        let discarded = await dispatcher.result { SyncAction.discardParked(entryID: entryID, confirmed: true, reply: $0) }
        let missing = await dispatcher.result { SyncAction.retryParked(entryID: entryID, reply: $0) }

        // Then only the confirmed discard happened; the entry is kept as done with its reason
        #expect(throws: SyncError.discardNeedsConfirmation(entryID)) { try refused.get() }
        #expect(try discarded.get().state == "done")
        #expect(throws: SyncError.noSuchParkedEntry(entryID)) { try missing.get() }
        let kept = try #require(try await harness.outbox().first { $0.id == entryID })
        #expect(kept.state == .done && kept.lastError?.contains("discarded by an operator") == true)
        withExtendedLifetime(store) {}
    }

    @Test func sync_storeComputesAnotherTotal_flagsTheMismatch() async throws {
        // Given a sale recorded without tax of a product the store taxes at 19 %
        let harness = try SyncTestHarness()
        defer { harness.stop() }
        let taxed = harness.server.addProduct(name: "Taxed Mug", regularPrice: "4.00")
        let order = try #require(try await harness.sell(1, productID: taxed.id).first)

        // When syncing
        let summary = try await harness.engine().sync(maxWait: .zero)

        // Then the order is synced but its server total is kept and flagged
        let mismatch = try #require(summary.mismatches.first)
        #expect(summary.isComplete && summary.mismatches.count == 1)
        #expect(mismatch.localTotal == 400 && mismatch.serverTotal == 476 && mismatch.serverTax == 76)
        let stored = try #require(try await harness.stored(order))
        #expect(stored.serverTotal == 476 && stored.hasServerTotalMismatch && stored.syncState == .synced)
    }
}
