import Foundation
import GRDB
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// An `OrderStore` on an on-disk test database, with helpers to seed the catalog and run actions.
@MainActor
final class OrderTestStore {
    let directory: TestDataDirectory
    private let directoryURL: URL
    let environment: AppEnvironment
    let dispatcher = Dispatcher()
    let store: OrderStore

    init(settings: StoreSettings = OrderTestStore.settings()) async throws {
        directory = try TestDataDirectory()
        directoryURL = directory.url
        environment = try AppEnvironment.test(directory: directory)
        store = OrderStore(dispatcher: dispatcher, environment: environment)
        try await SettingsRepository(database: environment.database).save(settings)
    }

    deinit { try? FileManager.default.removeItem(at: directoryURL) }

    static func settings(currency: Currency = .eur, pricesIncludeTax: Bool = false, roundAtSubtotal: Bool = false,
                         calculateTaxes: Bool = true) -> StoreSettings {
        StoreSettings(storeName: "Test", siteURL: "http://localhost", currency: currency,
                      moneyFormat: .standard(for: currency), address: StoreAddress(country: "DE"),
                      taxes: TaxOptions(calculateTaxes: calculateTaxes, pricesIncludeTax: pricesIncludeTax,
                                        roundAtSubtotal: roundAtSubtotal))
    }

    var database: AppDatabase { environment.database }

    /// Saves catalog records.
    func seed(products: [ProductRecord] = [], variations: [ProductVariationRecord] = [], rates: [TaxRateRecord] = [],
              coupons: [CouponRecord] = [], links: [ProductCategoryLinkRecord] = []) async throws {
        try await database.performAndSave { db in
            for record in products { try record.insert(db) }
            for record in variations { try record.insert(db) }
            for record in rates { try record.insert(db) }
            for record in coupons { try record.insert(db) }
            for record in links { try record.insert(db) }
        }
    }

    func sell(_ cart: Cart, tender: Tender = .cash(tendered: nil)) async -> Result<Sale, OrderError> {
        await dispatcher.result { OrderAction.completeSale(cart: cart, tender: tender, reply: $0) }
    }

    func preview(_ cart: Cart) async -> Result<OrderTotals, OrderError> {
        await dispatcher.result { OrderAction.previewTotals(cart: cart, reply: $0) }
    }

    func list(_ filter: OrderQuery = .init()) async -> Result<[LocalOrder], OrderError> {
        await dispatcher.result { OrderAction.listOrders(filter: filter, reply: $0) }
    }

    func load(_ reference: String) async -> Result<LocalOrder, OrderError> {
        await dispatcher.result { OrderAction.loadOrder(reference: reference, reply: $0) }
    }
}
