import Foundation
import Testing
@testable import WooTestServer

struct SiteModeTests {
    @Test func wordPressWithoutWooCommerce_indexLacksWcAndWcRoutesAre404() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.mode = .wordPressWithoutWooCommerce
        // When
        let index = try await harness.send("GET", "/", user: nil)
        let products = try await harness.send("GET", "/wc/v3/products")
        let me = try await harness.send("GET", "/wp/v2/users/me")
        // Then
        let namespaces = index.json?["namespaces"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!namespaces.contains("wc/v3"))
        #expect(products.status == 404)
        #expect(products.json?["code"]?.stringValue == "rest_no_route")
        #expect(me.status == 200)
    }

    @Test func notWordPress_everyPathIsAn404HTMLPage() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.mode = .notWordPress
        // When
        let index = try await harness.send("GET", "/", user: nil)
        let route = try await harness.send("GET", "/?rest_route=/", user: nil, raw: true)
        // Then
        #expect(index.status == 404)
        #expect(index.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(route.status == 404)
    }

    @Test func plainPermalinks_wpJsonIs404AndRestRouteWorks() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.prettyPermalinks = false
        // When
        let pretty = try await harness.send("GET", "/wc/v3/products")
        let plain = try await harness.send("GET", "/", query: [("rest_route", "/wc/v3/products")], raw: true)
        let indexPHP = try await harness.send("GET", "/index.php", query: [("rest_route", "/wc/v3/products/categories")],
                                              raw: true)
        // Then
        #expect(pretty.status == 404)
        #expect(pretty.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(plain.status == 200)
        #expect(plain.json?.arrayValue?.isEmpty == false)
        #expect(indexPHP.status == 200)
    }

    @Test func unknownRoute_fails404NoRoute() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/nothing-here")
        // Then
        #expect(reply.status == 404)
        #expect(reply.json?["code"]?.stringValue == "rest_no_route")
    }

    @Test func controlEndpoint_setsModeAndResets() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let mode = try await harness.send("POST", "/__test/mode", body: #"{"mode":"notWordPress"}"#, raw: true)
        let blocked = try await harness.send("GET", "/", user: nil)
        _ = try await harness.send("POST", "/__test/mode", body: #"{"mode":"wooCommerce"}"#, raw: true)
        let reset = try await harness.send("POST", "/__test/reset", body: #"{"seed":"empty"}"#, raw: true)
        let products = try await harness.send("GET", "/wc/v3/products")
        let state = try await harness.send("GET", "/__test/state", raw: true)
        // Then
        #expect(mode.status == 200)
        #expect(blocked.status == 404)
        #expect(reset.status == 200)
        #expect(products.header("X-WP-Total") == "0")
        #expect(state.json?["counts"]?["products"]?.intValue == 0)
    }
}
