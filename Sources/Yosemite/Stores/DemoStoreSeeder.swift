import POSFoundation

/// Seeds the embedded demo store into a data directory that has nothing configured.
///
/// The demo store is the real code path on bundled data: its settings (and, as the catalog lands, its
/// products) go into the same database a real store uses, marked as demo so `pos login` replaces them.
struct DemoStoreSeeder: Sendable {
    static let markerKey = "demo.store"

    let environment: AppEnvironment

    /// The demo store's settings: a German shop selling in euros with 19 % and 7 % VAT, prices with tax.
    static let settings = StoreSettings(
        storeName: "Demo Store",
        siteURL: "demo://pos",
        currency: .eur,
        moneyFormat: MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping),
        address: StoreAddress(line1: "Musterstraße 1", city: "Berlin", postcode: "10115", country: "DE", state: "BE"),
        taxes: TaxOptions(calculateTaxes: true, pricesIncludeTax: true, roundAtSubtotal: false, basedOn: "base")
    )

    /// Whether the database holds the demo store.
    func isDemo() async throws -> Bool {
        try await environment.database.setting(key: Self.markerKey) != nil
    }

    /// Seeds the demo store unless the database already holds a store.
    func seedIfNeeded() async throws {
        let repository = SettingsRepository(database: environment.database)
        guard try await repository.load() == nil else { return }
        try await repository.save(Self.settings)
        try await DemoCatalog.seed(into: environment.database)
        try await environment.database.setSetting(key: Self.markerKey, value: "1")
    }
}
