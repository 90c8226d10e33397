import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
@testable import Yosemite
import YosemiteTestSupport

/// `OrderEmailStore` against the WooCommerce-compatible test server on loopback.
@MainActor
@Suite(.serialized)
struct OrderEmailStoreTests {
    private func soldOrder(remoteId: Int64?) async throws -> OrderTestStore {
        let store = try await OrderTestStore()
        try await store.seed(products: [ProductRecord(id: 10, name: "Coffee", sku: "COF", price: "2.50", regularPrice: "2.50")])
        let sale = try await store.sell(Cart(items: [.init(code: "COF")])).get()
        if let remoteId {
            try await store.database.performAndSave { db in
                var synced = sale.order.record
                synced.syncState = .synced
                synced.remoteId = remoteId
                try synced.update(db)
            }
        }
        return store
    }

    private func send(_ store: OrderTestStore, network: (any Network)?, order: String = "1",
                      email: String = "ann@example.com") async -> Result<String, OrderEmailError> {
        let emails = OrderEmailStore(dispatcher: store.dispatcher, environment: store.environment, network: network)
        defer { withExtendedLifetime(emails) {} }
        return await store.dispatcher.result { OrderEmailAction.sendReceipt(order: order, email: email, reply: $0) }
    }

    private func server() throws -> (WooTestServer, HTTPClientNetwork) {
        let server = WooTestServer()
        let url = try server.start()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        let network = HTTPClientNetwork(credentials: Credentials(site: try SiteAddress(url.absoluteString), username: "manager",
                                                                 applicationPassword: "good-pass"), timeout: .seconds(5))
        return (server, network)
    }

    @Test func sendReceipt_syncedOrder_isEmailedToTheAddressThroughTheStore() async throws {
        // Given an order the store knows (created there, linked locally)
        let (server, network) = try server()
        defer { server.stop() }
        let remote = try await OrdersRemote(network: network).createOrder(OrderFields(status: .processing))
        let store = try await soldOrder(remoteId: remote.id)
        // When the receipt is emailed
        let result = await send(store, network: network, email: " ann@example.com ")
        // Then it went to that address, which is now the order's billing email
        #expect(try result.get() == "ann@example.com")
        #expect(server.sentOrderEmails == [WooTestServer.SentOrderEmail(orderID: remote.id, email: "ann@example.com")])
        #expect(server.order(id: remote.id)?.billing["email"]?.stringValue == "ann@example.com")
    }

    @Test func sendReceipt_orderNotSyncedYet_saysSoWithoutCallingTheStore() async throws {
        let (server, network) = try server()
        defer { server.stop() }
        let store = try await soldOrder(remoteId: nil)
        let result = await send(store, network: network)
        #expect(result == .failure(.notSyncedYet(1)))
        #expect(server.sentOrderEmails.isEmpty)
    }

    @Test func sendReceipt_storeUnreachable_isNotAvailableOffline() async throws {
        // Given a server that is gone
        let (server, network) = try server()
        server.stop()
        let store = try await soldOrder(remoteId: 77)
        // When
        let result = await send(store, network: network)
        // Then
        guard case .failure(.offline) = result else { Issue.record("expected offline, got \(result)"); return }
    }

    @Test func sendReceipt_demoOrBadAddress_isRefusedAtOnce() async throws {
        let store = try await soldOrder(remoteId: 77)
        #expect(await send(store, network: nil) == .failure(.demo))
        #expect(await send(store, network: nil, email: "ann.example.com") == .failure(.invalidAddress("ann.example.com")))
        #expect(await send(store, network: nil, order: "9") == .failure(.demo))
    }
}
