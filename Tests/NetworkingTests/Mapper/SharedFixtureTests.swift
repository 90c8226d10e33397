import Foundation
import Networking
import POSFoundation
import Testing

/// Decodes the real WooCommerce responses in `shared/fixtures/woocommerce` (next to the package root), when present.
struct SharedFixtureTests {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/woocommerce")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// File → a closure that maps it and returns how many items it read.
    static let mappers: [String: @Sendable (Data) throws -> Int] = [
        "orders-load-all-without-data.json": { try OrderListMapper().map(response: $0).count },
        "order-without-data.json": { _ = try OrderMapper().map(response: $0); return 1 },
        "refunds-all-without-data.json": { try RefundListMapper().map(response: $0).count },
        "products-load-all-without-data.json": { try ProductListMapper().map(response: $0).count },
        "product-variations-load-all-without-data.json": { try ProductVariationListMapper().map(response: $0).count },
        "categories-all-without-data.json": { try ProductCategoryListMapper().map(response: $0).count },
        "coupons-all-without-data.json": { try CouponListMapper().map(response: $0).count },
        "taxes-classes-without-data.json": { try TaxClassListMapper().map(response: $0).count },
        "settings-general-without-data.json": { try SiteSettingListMapper().map(response: $0).count },
        "systemStatus-without-data.json": { try SystemStatusMapper().map(response: $0).activePlugins.count },
    ]

    @Test(.enabled(if: SharedFixtureTests.isAvailable), arguments: SharedFixtureTests.mappers.keys.sorted())
    func map_realWooCommerceResponse_decodes(file: String) throws {
        // Given
        let data = try Data(contentsOf: SharedFixtureTests.folder.appendingPathComponent(file))
        let map = try #require(SharedFixtureTests.mappers[file])

        // When
        let count = try map(data)

        // Then
        #expect(count > 0)
    }

    /// Responses of endpoints pos does not call (order notes, order-status reports, single customers, wc-analytics
    /// customers, payment gateways): no mapper reads them.
    static let notRead: Set<String> = [
        "order-notes-without-data.json", "report-orders-total-without-data.json", "customer-without-data.json",
        "wc-analytics-customers-without-data.json", "payment-gateway-list-without-data.json",
    ]

    @Test(.enabled(if: SharedFixtureTests.isAvailable))
    func sharedFolder_everyJSONFile_hasAMapperOrIsTheReceipt() throws {
        // Given
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedFixtureTests.folder.path).filter { $0.hasSuffix(".json") }

        // When
        let unmapped = files.filter {
            SharedFixtureTests.mappers[$0] == nil && !SharedFixtureTests.notRead.contains($0) && !$0.hasPrefix("receipt")
        }

        // Then
        #expect(unmapped.isEmpty)
    }

    @Test(.enabled(if: SharedFixtureTests.isAvailable))
    func map_realOrder_readsMoneyAndDates() throws {
        // Given
        let data = try Data(contentsOf: SharedFixtureTests.folder.appendingPathComponent("order-without-data.json"))

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        #expect(order.total.minorUnits == 3120)
        #expect(order.currency.code == "USD")
        #expect(order.lineItems.first?.taxes.first?.total.minorUnits == 120)
        #expect(order.datePaid != nil)
    }
}
