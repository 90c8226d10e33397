import Foundation
import Networking
import POSFoundation
import Testing

struct StoreMapperTests {
    @Test func map_customerListEnvelope_decodesEveryCustomer() throws {
        // Given
        let data = try Fixture.data("customers")

        // When
        let customers = try CustomerListMapper().map(response: data)

        // Then
        #expect(customers.map(\.id) == [25, 26])
        #expect(customers[1].billing == Address())
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
