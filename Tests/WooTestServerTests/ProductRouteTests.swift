import Foundation
import Testing
@testable import WooTestServer

struct ProductRouteTests {
    @Test func list_withPerPage_sendsPaginationHeaders() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products", query: [("per_page", "7"), ("page", "3")])
        // Then
        #expect(reply.status == 200)
        #expect(reply.header("X-WP-Total") == "20")
        #expect(reply.header("X-WP-TotalPages") == "3")
        #expect(reply.json?.arrayValue?.count == 6)
    }

    @Test func list_withPerPageOver100_fails400InvalidParam() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products", query: [("per_page", "101")])
        // Then
        #expect(reply.status == 400)
        #expect(reply.json?["code"]?.stringValue == "rest_invalid_param")
    }

    @Test func list_withModifiedAfter_returnsOnlyNewerProducts() async throws {
        // Given
        let clock = TestClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        let harness = try ServerHarness(configuration: .init(now: { clock.now }))
        clock.advance(by: 3600)
        let touched = harness.server.product(sku: "COF-ESP")!
        harness.server.updateProduct(id: touched.id) { $0.regularPrice = "2.40" }
        // When
        let reply = try await harness.send("GET", "/wc/v3/products",
                                           query: [("modified_after", "2023-11-14T22:30:00"), ("_fields", "id,price")])
        // Then
        let items = reply.json?.arrayValue ?? []
        #expect(items.count == 1)
        #expect(items.first?["id"]?.intValue == touched.id)
        #expect(items.first?["price"]?.stringValue == "2.40")
        #expect(items.first?.objectValue?.count == 2)
        #expect(reply.header("Date") == "Tue, 14 Nov 2023 23:13:20 GMT")
    }

    @Test func list_bySkuAndBarcode_findsTheProduct() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let bySKU = try await harness.send("GET", "/wc/v3/products", query: [("sku", "BAK-CRO")])
        let byCode = try await harness.send("GET", "/wc/v3/products", query: [("global_unique_id", "4006381333931")])
        let bySearch = try await harness.send("GET", "/wc/v3/products", query: [("search", "latte")])
        // Then
        #expect(bySKU.json?.arrayValue?.first?["name"]?.stringValue == "Croissant")
        #expect(byCode.json?.arrayValue?.first?["name"]?.stringValue == "Espresso")
        #expect(bySearch.json?.arrayValue?.count == 2)
    }

    @Test func variations_ofVariableProduct_areListed() async throws {
        // Given
        let harness = try ServerHarness()
        let shirt = harness.server.product(sku: "MER-TSH")!
        // When
        let reply = try await harness.send("GET", "/wc/v3/products/\(shirt.id)/variations")
        // Then
        let skus = reply.json?.arrayValue?.compactMap { $0["sku"]?.stringValue }.sorted()
        #expect(skus == ["MER-TSH-L", "MER-TSH-M", "MER-TSH-S"])
        #expect(reply.json?.arrayValue?.first?["parent_id"]?.intValue == shirt.id)
    }

    @Test func createAndUpdate_product_persistsAndStampsDates() async throws {
        // Given
        let harness = try ServerHarness(seed: false)
        // When
        let created = try await harness.post("/wc/v3/products",
                                             #"{"name":"Muffin","regular_price":"2.75","sku":"MUF","manage_stock":true,"stock_quantity":4}"#)
        let id = created.json?["id"]?.intValue ?? 0
        let updated = try await harness.send("PUT", "/wc/v3/products/\(id)", body: #"{"sale_price":"2.50"}"#)
        let duplicate = try await harness.post("/wc/v3/products", #"{"name":"Other","sku":"MUF"}"#)
        // Then
        #expect(created.status == 201)
        #expect(updated.json?["price"]?.stringValue == "2.50")
        #expect(harness.server.stockQuantity(productID: id) == 4)
        #expect(duplicate.status == 400)
    }

    @Test func unknownProduct_fails404InvalidID() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.send("GET", "/wc/v3/products/987654")
        // Then
        #expect(reply.status == 404)
        #expect(reply.json?["code"]?.stringValue == "woocommerce_rest_product_invalid_id")
    }

    @Test func settingsTaxesGatewaysAndStatus_haveTheDemoStoreValues() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let general = try await harness.send("GET", "/wc/v3/settings/general")
        let tax = try await harness.send("GET", "/wc/v3/settings/tax")
        let rates = try await harness.send("GET", "/wc/v3/taxes")
        let classes = try await harness.send("GET", "/wc/v3/taxes/classes")
        let gateways = try await harness.send("GET", "/wc/v3/payment_gateways")
        let status = try await harness.send("GET", "/wc/v3/system_status")
        // Then
        func value(_ reply: ServerHarness.Reply, _ id: String) -> String? {
            reply.json?.arrayValue?.first { $0["id"]?.stringValue == id }?["value"]?.stringValue
        }
        #expect(value(general, "woocommerce_currency") == "EUR")
        #expect(value(general, "woocommerce_price_num_decimals") == "2")
        #expect(value(tax, "woocommerce_prices_include_tax") == "yes")
        #expect(rates.json?.arrayValue?.map { $0["rate"]?.stringValue } == ["19.0000", "7.0000"])
        #expect(classes.json?.arrayValue?.count == 3)
        #expect(gateways.json?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["cod", "bacs", "pos_card"])
        #expect(status.json?["settings"]?["currency"]?.stringValue == "EUR")
        #expect(status.json?["environment"]?["version"]?.stringValue == WooTestServer.wooCommerceVersion)
    }
}
