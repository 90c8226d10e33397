import Foundation
import Networking
import POSFoundation
import Testing

struct StoreMapperTests {
    @Test func map_customer_readsAddressesAndFalseShipping() throws {
        // Given
        let data = try Fixture.data("customer")

        // When
        let customer = try CustomerMapper().map(response: data)

        // Then
        #expect(customer.id == 25)
        #expect(customer.billing.city == "Berlin")
        #expect(customer.billing.phone == "030 1234")
        #expect(customer.shipping == Address())
        #expect(customer.dateModified == Fixture.date(2026, 1, 5, 10))
    }

    @Test func map_customerListEnvelope_decodesEveryCustomer() throws {
        // Given
        let data = try Fixture.data("customers")

        // When
        let customers = try CustomerListMapper().map(response: data)

        // Then
        #expect(customers.map(\.id) == [25, 26])
        #expect(customers[1].billing == Address())
    }

    @Test func map_analyticsCustomers_readsGuests() throws {
        // Given
        let data = try Fixture.data("analytics-customers")

        // When
        let customers = try WCAnalyticsCustomerListMapper().map(response: data)

        // Then
        #expect(customers.first?.userID == 0)
        #expect(customers.first?.ordersCount == 4)
        #expect(customers.first?.dateLastActive == Fixture.date(2026, 1, 1, 7))
    }

    @Test func map_generalSettings_flattensValuesToText() throws {
        // Given
        let data = try Fixture.data("settings-general")

        // When
        let settings = try SiteSettingListMapper().map(response: data)

        // Then
        #expect(settings.value(for: "woocommerce_currency") == "EUR")
        #expect(settings.value(for: "woocommerce_price_num_decimals") == "2")
        #expect(settings.value(for: "woocommerce_price_decimal_sep") == ",")
        #expect(settings.value(for: "woocommerce_specific_allowed_countries") == "DE,AT")
        #expect(settings.first { $0.id == "woocommerce_specific_allowed_countries" }?.values == ["DE", "AT"])
        #expect(settings.value(for: "woocommerce_ship_to_countries") == "")
        #expect(settings[0].options["EUR"] == "Euro (€)")
    }

    @Test func map_paymentGateways_readEnabledOrderAndSettings() throws {
        // Given
        let list = try Fixture.data("payment-gateways")
        let single = try Fixture.data("payment-gateway")

        // When
        let gateways = try PaymentGatewayListMapper().map(response: list)
        let gateway = try PaymentGatewayMapper().map(response: single)

        // Then
        #expect(gateways.map(\.enabled) == [true, false])
        #expect(gateways.map(\.order) == [1, nil])
        #expect(gateways[0].settings["title"]?.value == "Cash")
        #expect(gateways[0].settings["enable_for_methods"]?.value == "flat_rate")
        #expect(gateways[1].settings.isEmpty)
        #expect(gateway.order == 2)
        #expect(gateway.enabled)
    }

    @Test func map_systemStatus_readsVersionsPluginsAndSettings() throws {
        // Given
        let data = try Fixture.data("system-status")

        // When
        let status = try SystemStatusMapper().map(response: data)

        // Then
        #expect(status.wooCommerceVersion == "9.8.1")
        #expect(status.environment?.wpVersion == "6.8")
        #expect(status.activePlugin(named: "woocommerce/woocommerce.php")?.version == "9.8.1")
        #expect(status.inactivePlugins.isEmpty)
        #expect(status.settings?.numberOfDecimals == 2)
        #expect(status.settings?.decimalSeparator == ",")
        #expect(status.storeID == "a1b2c3")
    }

    @Test func map_orderTotalsReport_readsCounts() throws {
        // Given
        let data = try Fixture.data("report-orders-totals")

        // When
        let totals = try OrderTotalsReportMapper().map(response: data)

        // Then
        #expect(totals.map(\.total) == [3, 12, 1])
        #expect(totals[2].status == .custom("shipped"))
    }

    @Test func map_siteIndexAndUser_readNamespacesAndCapabilities() throws {
        // Given
        let index = try Fixture.data("site-index")
        let user = try Fixture.data("users-me")

        // When
        let site = try SiteIndexMapper().map(response: index)
        let me = try WordPressUserMapper().map(response: user)

        // Then
        #expect(site.name == "Corner Café")
        #expect(site.hasWooCommerce)
        #expect(me.roles == ["shop_manager"])
        #expect(me.capabilities == ["edit_shop_orders", "manage_woocommerce", "read"])
        #expect(me.canManageWooCommerce)
    }

    @Test func map_htmlBody_throwsForEveryMapper() {
        // Given
        let html = Data("<html><body>Not found</body></html>".utf8)

        // When / Then
        #expect(throws: (any Error).self) { try SiteIndexMapper().map(response: html) }
        #expect(throws: (any Error).self) { try ProductListMapper().map(response: html) }
        #expect(throws: (any Error).self) { try SiteIndexMapper().map(response: Data(#"{"name": "x"}"#.utf8)) }
    }
}
