import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
import YosemiteTestSupport
@testable import Yosemite

/// Yosemite's background sync while a store is logged in: a sale made while the session is followed reaches the
/// store without anyone asking, and the session's events say so. Against the WooCommerce-compatible test server.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5)))
struct BackgroundSyncTests {
    @Test func loggedIn_saleWhileTheSessionIsFollowed_isSentInTheBackground() async throws {
        // Given a counter logged in to the test store, following its session's events
        let server = WooTestServer()
        let siteURL = try server.start().absoluteString
        defer { server.stop() }
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        let product = server.addProduct(name: "Mug", regularPrice: "4.00", sku: "MUG-1", taxClass: "zero-rate")
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let environment = try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork)
        let manager = StoresManager(environment: environment)
        _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
        try await environment.database.performAndSave { db in
            try ProductRecord(id: product.id, name: "Mug", sku: "MUG-1", price: "4.00", regularPrice: "4.00",
                              taxClass: "zero-rate").insert(db)
        }
        let events = manager.sessionEvents()

        // When a sale is made
        let cart = Cart(items: [.init(code: "MUG-1", quantity: 1)])
        _ = try await manager.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }

        // Then the events show it waiting, then sent, with the store online; the store has it once
        var sawWaiting = false
        for await event in events {
            if event.unsyncedOrders > 0 { sawWaiting = true }
            if sawWaiting, event.unsyncedOrders == 0, event.connectivity == .online { break }
        }
        #expect(sawWaiting)
        #expect(server.orders().count == 1)
    }
}
