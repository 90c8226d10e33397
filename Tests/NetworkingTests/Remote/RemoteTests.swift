import Foundation
import Networking
import POSFoundation
import Testing

struct RemoteTests {
    @Test func loadProducts_withPaginationHeaders_readsTotalsCaseInsensitively() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "products", filename: "products",
                                 headers: ["x-wp-total": "250", "X-WP-TotalPages": "3", "Date": "Sat, 21 Nov 2026 10:00:00 GMT"])

        // When
        let page = try await ProductsRemote(network: network).loadProducts(.init(page: 2, perPage: 100))

        // Then
        #expect(page.items.count == 2)
        #expect(page.totalItems == 250)
        #expect(page.totalPages == 3)
        #expect(page.hasMorePages)
        #expect(page.serverDate == Fixture.date(2026, 11, 21, 10))
    }

    @Test func loadProducts_withoutHeaders_hasMorePagesOnlyWhenPageIsFull() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "products", filename: "products")
        let remote = ProductsRemote(network: network)

        // When
        let full = try await remote.loadProducts(.init(page: 1, perPage: 2))
        let short = try await remote.loadProducts(.init(page: 1, perPage: 3))

        // Then
        #expect(full.hasMorePages)
        #expect(!short.hasMorePages)
        #expect(full.totalItems == nil)
    }

    @Test func loadProducts_incrementalQuery_sendsModifiedAfterInGMT() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "products", json: "[]")
        let since = Fixture.date(2026, 3, 1, 9, 15, 30)

        // When
        _ = try await ProductsRemote(network: network).loadProducts(.init(modifiedAfter: since, include: [1, 2], fields: ["id", "price"]))

        // Then
        let request = try #require(network.requestsForResponseData.first)
        #expect(request.path == "wc/v3/products")
        #expect(request.queryValue("modified_after") == "2026-03-01T09:15:30")
        #expect(request.queryValue("dates_are_gmt") == "true")
        #expect(request.queryValue("include") == "1,2")
        #expect(request.queryValue("_fields") == "id,price")
    }

    @Test func enqueue_unreadableBody_failsWithMalformedResponseNamingPathAndField() async {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders/3", json: #"{"id": 3, "currency": "EUR", "total": "x"}"#)

        // When
        var thrown: NetworkError?
        do { _ = try await OrdersRemote(network: network).loadOrder(id: 3) } catch { thrown = error }

        // Then
        guard case .malformedResponse(let path, let reason)? = thrown else {
            Issue.record("expected malformedResponse, got \(String(describing: thrown))")
            return
        }
        #expect(path == "wc/v3/orders/3")
        #expect(reason.contains("total"))
        #expect(thrown?.mayHaveReachedServer == true)
    }

    @Test func loadOrders_query_sendsFiltersAndIncludeMeta() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "orders", filename: "orders")
        let query = OrdersRemote.Query(page: 2, perPage: 50, statuses: [.processing, .onHold], after: Fixture.date(2026, 1, 1),
                                       search: "anna", includeMeta: [Order.clientUUIDMetaKey])

        // When
        let page = try await OrdersRemote(network: network).loadOrders(query)

        // Then
        #expect(page.items.count == 2)
        let request = try #require(network.requestsForResponseData.first)
        #expect(request.queryValue("status") == "processing,on-hold")
        #expect(request.queryValue("after") == "2026-01-01T00:00:00")
        #expect(request.queryValue("include_meta") == "_pos_client_uuid")
        #expect(request.queryValue("search") == "anna")
        #expect(request.queryValue("page") == "2")
    }

    @Test func batch_sendsCreateUpdateDeleteAndReadsItemErrors() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "orders/batch", filename: "order-batch")
        var paid = OrderFields()
        paid.setPaid = true
        let batch = OrdersRemote.Batch(create: [OrderFields(status: .pending)], update: [(id: 11, fields: paid)], delete: [12])

        // When
        let result = try await OrdersRemote(network: network).batch(batch)

        // Then
        #expect(result.create.first?.order?.id == 10)
        let body = try #require(network.requestsForResponseData.first?.body)
        #expect(body["create"] == [["status": "pending"]])
        #expect(body["update"] == [["id": 11, "set_paid": true]])
        #expect(body["delete"] == [12])
    }

    @Test func createRefund_sendsAmountApiRefundAndLines() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "orders/1201/refunds", filename: "refund")
        let amount = try Money(parsing: "5.35", currency: .eur)
        let line = RefundsRemote.LineItem(orderLineItemID: 502, quantity: 1, refundTotal: try Money(parsing: "5", currency: .eur),
                                          refundTax: [2: try Money(parsing: "0.35", currency: .eur)])

        // When
        _ = try await RefundsRemote(network: network).createRefund(orderID: 1201, amount: amount, reason: "Broken", apiRefund: false, lineItems: [line])

        // Then
        let request = try #require(network.requestsForResponseData.first)
        #expect(request.method == .post)
        #expect(request.body?["amount"] == "5.35")
        #expect(request.body?["api_refund"] == false)
        #expect(request.body?["line_items"] == [["id": 502, "quantity": 1, "refund_total": "5.00", "refund_tax": [["id": 2, "refund_total": "0.35"]]]])
    }

    @Test func loadIndex_wooCommerceSite_returnsIndex() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "", filename: "site-index")

        // When
        let index = try await SiteRemote(network: network).loadIndex()

        // Then
        #expect(index.namespaces.contains("wc/v3"))
        #expect(network.requestsForResponseData.first?.path == "")
    }

    @Test func loadIndex_withoutWooNamespace_failsWooCommerceMissing() async {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "", filename: "site-index-without-woo")

        // When / Then
        await #expect(throws: NetworkError.wooCommerceMissing(path: "wc/v3")) { try await SiteRemote(network: network).loadIndex() }
    }

    @Test(arguments: ["<html><body>Hello</body></html>", #"{"name": "Not WordPress"}"#])
    func loadIndex_notARestIndex_failsNotWordPress(body: String) async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "", json: body)
        let site = try SiteAddress("https://shop.example")

        // When / Then
        await #expect(throws: NetworkError.notWordPress(site: "https://shop.example")) {
            try await SiteRemote(network: network, site: site).loadIndex()
        }
    }

    @Test func loadCurrentUser_asksForEditContext() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "users/me", filename: "users-me")

        // When
        let user = try await SiteRemote(network: network).loadCurrentUser()

        // Then
        #expect(user.id == 1)
        #expect(network.requestsForResponseData.first?.path == "wp/v2/users/me")
        #expect(network.requestsForResponseData.first?.queryValue("context") == "edit")
    }

    @Test func areaRemotes_routes_matchWooCommerceEndpoints() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        for (suffix, file) in [("coupons", "coupons"), ("taxes", "taxes"), ("taxes/classes", "tax-classes"),
                               ("settings/general", "settings-general"), ("system_status", "system-status"),
                               ("products/categories", "categories"), ("products/41/variations", "variations")] {
            network.simulateResponse(requestUrlSuffix: suffix, filename: file)
        }

        // When
        let coupons = try await CouponsRemote(network: network).loadCoupons()
        let rates = try await TaxRatesRemote(network: network).loadTaxRates()
        let classes = try await TaxClassesRemote(network: network).loadTaxClasses()
        let settings = try await SettingsRemote(network: network).loadGeneralSettings()
        let status = try await SystemStatusRemote(network: network).loadSystemStatus()
        let categories = try await ProductCategoriesRemote(network: network).loadCategories()
        let variations = try await ProductVariationsRemote(network: network).loadVariations(productID: 41)

        // Then
        #expect(coupons.items.count == 3)
        #expect(rates.items.count == 3)
        #expect(classes.count == 3)
        #expect(settings.value(for: "woocommerce_currency") == "EUR")
        #expect(status.wooCommerceVersion == "9.8.1")
        #expect(categories.items.count == 2)
        #expect(variations.items.allSatisfy { $0.productID == 41 })
        let paths = network.requestsForResponseData.map(\.path)
        #expect(paths.contains("wc/v3/coupons"))
        #expect(paths.contains("wc/v3/system_status"))
        #expect(network.requestsForResponseData.first { $0.path == "wc/v3/system_status" }?.queryValue("_fields") == "environment,active_plugins,settings")
    }
}
