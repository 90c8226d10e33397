import Foundation
import Testing
@testable import WooTestServer

struct AuthTests {
    @Test func index_withoutAuth_listsNamespaces() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/", user: nil)
        // Then
        #expect(reply.status == 200)
        #expect(reply.json?["name"]?.stringValue == "Demo Store")
        let namespaces = reply.json?["namespaces"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(namespaces.contains("wc/v3"))
        #expect(namespaces.contains("wp/v2"))
    }

    @Test(arguments: [(ServerHarness.admin, "administrator"), (ServerHarness.manager, "shop_manager")])
    func usersMe_forShopStaff_reportsManageWooCommerce(user: (String, String), role: String) async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wp/v2/users/me", query: [("context", "edit")], user: user)
        // Then
        #expect(reply.status == 200)
        #expect(reply.json?["roles"]?.arrayValue?.first?.stringValue == role)
        #expect(reply.json?["capabilities"]?["manage_woocommerce"] == .bool(true))
    }

    @Test func wcRoute_withWrongPassword_fails401IncorrectPassword() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products", user: ("admin", "nope"))
        // Then
        #expect(reply.status == 401)
        #expect(reply.json?["code"]?.stringValue == "incorrect_password")
        #expect(reply.json?["data"]?["status"]?.intValue == 401)
    }

    @Test func wcRoute_withUnknownUser_fails401InvalidUsername() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products", user: ("ghost", "abcd"))
        // Then
        #expect(reply.status == 401)
        #expect(reply.json?["code"]?.stringValue == "invalid_username")
    }

    @Test func wcRoute_withoutAuth_fails401CannotView() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/orders", user: nil)
        // Then
        #expect(reply.status == 401)
        #expect(reply.json?["code"]?.stringValue == "woocommerce_rest_cannot_view")
    }

    @Test func wcRoute_asSubscriber_fails403() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let list = try await harness.send("GET", "/wc/v3/orders", user: ServerHarness.subscriber)
        let create = try await harness.post("/wc/v3/orders", "{}", user: ServerHarness.subscriber)
        // Then
        #expect(list.status == 403)
        #expect(list.json?["code"]?.stringValue == "woocommerce_rest_cannot_view")
        #expect(create.status == 403)
        #expect(create.json?["code"]?.stringValue == "woocommerce_rest_cannot_create")
    }

    @Test func applicationPassword_withoutSpaces_isAccepted() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products", user: ("admin", "abcdEFGH1234ijkl"))
        // Then
        #expect(reply.status == 200)
    }
}
