import Foundation
import Networking
import POSFoundation
import Testing
import WooTestServer

/// `send_order_details` on real HTTP against the test server.
@Suite(.serialized)
struct OrderActionsRemoteAgainstServerTests {
    let server: WooTestServer
    let network: HTTPClientNetwork

    init() throws {
        server = WooTestServer()
        let url = try server.start()
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        network = HTTPClientNetwork(credentials: Credentials(site: try SiteAddress(url.absoluteString), username: "manager",
                                                             applicationPassword: "good-pass"), timeout: .seconds(10))
    }

    @Test func sendOrderDetails_withAnAddress_setsTheBillingEmailAndIsRecorded() async throws {
        defer { server.stop() }
        // Given an order without a billing email
        let order = try await OrdersRemote(network: network).createOrder(OrderFields(status: .pending))
        // When the receipt is emailed to an address
        let message = try await OrderActionsRemote(network: network)
            .sendOrderDetails(orderID: order.id, email: "ann@example.com", forceEmailUpdate: true)
        // Then the store says it sent it, records it, and keeps the address as the billing email
        #expect(message == "Order details email sent to customer.")
        #expect(server.sentOrderEmails == [WooTestServer.SentOrderEmail(orderID: order.id, email: "ann@example.com")])
        #expect(server.order(id: order.id)?.billing["email"]?.stringValue == "ann@example.com")
    }

    @Test func sendOrderDetails_noAddressAnywhere_isRefusedWithTheStoresCode() async throws {
        defer { server.stop() }
        let order = try await OrdersRemote(network: network).createOrder(OrderFields(status: .pending))
        do {
            _ = try await OrderActionsRemote(network: network).sendOrderDetails(orderID: order.id, email: nil)
            Issue.record("expected an error")
        } catch {
            #expect(error.isRetryable == false)
            #expect("\(error)".contains("woocommerce_rest_missing_email"))
        }
        #expect(server.sentOrderEmails.isEmpty)
    }

    @Test func sendOrderDetails_unknownOrder_isRefused() async {
        defer { server.stop() }
        await #expect(throws: NetworkError.self) {
            _ = try await OrderActionsRemote(network: network).sendOrderDetails(orderID: 999_999, email: "ann@example.com")
        }
    }
}
