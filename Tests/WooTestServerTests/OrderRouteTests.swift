import Foundation
import Testing
@testable import WooTestServer

struct OrderRouteTests {
    private func createOrder(_ harness: ServerHarness, _ body: String) async throws -> Int64 {
        let reply = try await harness.post("/wc/v3/orders", body)
        return try #require(reply.json?["id"]?.intValue)
    }

    @Test func list_withIncludeMeta_limitsMetaToTheGivenKeys() async throws {
        // Given
        let harness = try ServerHarness()
        _ = try await createOrder(harness, #"{"meta_data":[{"key":"_pos_client_uuid","value":"u-1"},{"key":"other","value":"x"}]}"#)
        // When
        let reply = try await harness.send("GET", "/wc/v3/orders",
                                           query: [("include_meta", "_pos_client_uuid"), ("_fields", "id,meta_data")])
        // Then
        let meta = reply.json?.arrayValue?.first?["meta_data"]?.arrayValue ?? []
        #expect(meta.count == 1)
        #expect(meta.first?["value"]?.stringValue == "u-1")
    }

    @Test func list_withStatusListAndDates_filters() async throws {
        // Given
        let clock = TestClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        let harness = try ServerHarness(configuration: .init(now: { clock.now }))
        _ = try await createOrder(harness, #"{"status":"pending"}"#)
        clock.advance(by: 600)
        let processing = try await createOrder(harness, #"{"status":"processing"}"#)
        _ = try await createOrder(harness, #"{"status":"auto-draft"}"#)
        // When
        let any = try await harness.send("GET", "/wc/v3/orders")
        let listed = try await harness.send("GET", "/wc/v3/orders", query: [("status", "processing,completed")])
        let after = try await harness.send("GET", "/wc/v3/orders",
                                           query: [("after", "2023-11-14T22:15:00"), ("dates_are_gmt", "true")])
        // Then
        #expect(any.header("X-WP-Total") == "2")
        #expect(listed.json?.arrayValue?.map { $0["id"]?.intValue } == [processing])
        #expect(after.json?.arrayValue?.map { $0["id"]?.intValue } == [processing])
    }

    @Test func update_withSetPaid_completesPaymentAndReducesStockBelowZero() async throws {
        // Given: only 3 brownies in stock
        let harness = try ServerHarness()
        let brownie = harness.server.product(sku: "BAK-BRO")!
        let id = try await createOrder(harness, #"{"line_items":[{"product_id":\#(brownie.id),"quantity":5}]}"#)
        // When
        let paid = try await harness.send("PUT", "/wc/v3/orders/\(id)",
                                          body: #"{"set_paid":true,"transaction_id":"TX-9","payment_method":"pos_card"}"#)
        let again = try await harness.send("PUT", "/wc/v3/orders/\(id)", body: #"{"set_paid":true}"#)
        // Then
        #expect(paid.json?["status"]?.stringValue == "processing")
        #expect(paid.json?["transaction_id"]?.stringValue == "TX-9")
        #expect(paid.json?["date_paid_gmt"] != .null)
        #expect(again.status == 200)
        #expect(harness.server.stockQuantity(productID: brownie.id) == -2)
        #expect(harness.server.stockChanges().map(\.delta) == [-5])
    }

    @Test func update_metaData_mergesByKey() async throws {
        // Given
        let harness = try ServerHarness()
        let id = try await createOrder(harness, #"{"meta_data":[{"key":"a","value":"1"},{"key":"b","value":"2"}]}"#)
        // When
        let reply = try await harness.send("PUT", "/wc/v3/orders/\(id)", body: #"{"meta_data":[{"key":"b","value":"3"}]}"#)
        // Then
        let meta = reply.json?["meta_data"]?.arrayValue?.map { ($0["key"]!.stringValue!, $0["value"]!.stringValue!) }
        #expect(meta?.map(\.0) == ["a", "b"])
        #expect(meta?.map(\.1) == ["1", "3"])
    }

    @Test func batch_mixesCreatesUpdatesAndErrors() async throws {
        // Given
        let harness = try ServerHarness()
        let existing = try await createOrder(harness, "{}")
        let body = #"{"create":[{"status":"pending"},{"status":"bogus"}],"update":[{"id":\#(existing),"status":"on-hold"},{"id":999999,"status":"completed"}],"delete":[\#(existing)]}"#
        // When
        let reply = try await harness.post("/wc/v3/orders/batch", body)
        // Then
        let creates = reply.json?["create"]?.arrayValue ?? []
        let updates = reply.json?["update"]?.arrayValue ?? []
        #expect(reply.status == 200)
        #expect(creates.count == 2)
        #expect(creates[0]["id"]?.intValue != nil)
        #expect(creates[1]["error"]?["code"]?.stringValue == "rest_invalid_param")
        #expect(updates[0]["status"]?.stringValue == "on-hold")
        #expect(updates[1]["error"]?["code"]?.stringValue == "woocommerce_rest_shop_order_invalid_id")
        #expect(reply.json?["delete"]?.arrayValue?.first?["id"]?.intValue == existing)
        #expect(harness.server.orders().count == 1)
    }

    @Test func refunds_reduceRemainingAndMarkFullyRefunded() async throws {
        // Given
        let harness = try ServerHarness()
        let cap = harness.server.product(sku: "COF-CAP")!
        let id = try await createOrder(harness,
            #"{"status":"completed","payment_method":"pos_card","line_items":[{"product_id":\#(cap.id),"quantity":2}]}"#)
        // When
        let partial = try await harness.post("/wc/v3/orders/\(id)/refunds", #"{"amount":"2.40","reason":"cold"}"#)
        let tooMuch = try await harness.post("/wc/v3/orders/\(id)/refunds", #"{"amount":"4.01"}"#)
        let rest = try await harness.post("/wc/v3/orders/\(id)/refunds", #"{"amount":"4.00","api_refund":false}"#)
        let list = try await harness.send("GET", "/wc/v3/orders/\(id)/refunds")
        // Then
        #expect(partial.status == 201)
        #expect(partial.json?["amount"]?.stringValue == "2.40")
        #expect(tooMuch.json?["code"]?.stringValue == "woocommerce_rest_cannot_create_order_refund")
        #expect(rest.status == 201)
        #expect(harness.server.order(id: id)?.status == "refunded")
        #expect(list.header("X-WP-Total") == "2")
    }

    @Test func notes_createAndList() async throws {
        // Given
        let harness = try ServerHarness()
        let id = try await createOrder(harness, "{}")
        // When
        let created = try await harness.post("/wc/v3/orders/\(id)/notes", #"{"note":"Paid at till 2","customer_note":false}"#)
        let list = try await harness.send("GET", "/wc/v3/orders/\(id)/notes")
        // Then
        #expect(created.status == 201)
        #expect(list.json?.arrayValue?.first?["note"]?.stringValue == "Paid at till 2")
        #expect(harness.server.notes(orderID: id).count == 1)
    }

    @Test func delete_withoutForceTrashesAndWithForceRemoves() async throws {
        // Given
        let harness = try ServerHarness()
        let id = try await createOrder(harness, "{}")
        // When
        let trashed = try await harness.send("DELETE", "/wc/v3/orders/\(id)")
        let removed = try await harness.send("DELETE", "/wc/v3/orders/\(id)", query: [("force", "true")])
        let gone = try await harness.send("GET", "/wc/v3/orders/\(id)")
        // Then
        #expect(trashed.json?["status"]?.stringValue == "trash")
        #expect(removed.status == 200)
        #expect(gone.status == 404)
        #expect(gone.json?["code"]?.stringValue == "woocommerce_rest_shop_order_invalid_id")
    }

    @Test func create_withMalformedJSON_fails400() async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let reply = try await harness.post("/wc/v3/orders", #"{"line_items": [}"#)
        // Then
        #expect(reply.status == 400)
        #expect(reply.json?["code"]?.stringValue == "rest_invalid_json")
    }

    @Test func create_withHostileNumbers_failsCleanly() async throws {
        // Given
        let harness = try ServerHarness()
        let product = harness.server.addProduct(name: "Huge", regularPrice: "9999999999.99")
        // When
        let tooMany = try await harness.post("/wc/v3/orders",
                                             #"{"line_items":[{"product_id":\#(product.id),"quantity":9223372036854775807}]}"#)
        let big = try await harness.post("/wc/v3/orders",
                                         #"{"line_items":[{"product_id":\#(product.id),"quantity":1000000}],"fee_lines":[{"total":"-9999999999"}]}"#)
        let alive = try await harness.send("GET", "/", user: nil)
        // Then
        #expect(tooMany.status == 400)
        #expect(big.status == 201)
        #expect(alive.status == 200)
    }
}
