import Foundation
import POSFoundation
import Storage

/// Seeds the embedded demo store into a data directory that has nothing configured.
///
/// The demo store is the real code path on bundled data: its settings (and, as the catalog lands, its
/// products) go into the same database a real store uses, marked as demo so `pos login` replaces them.
struct DemoStoreSeeder: Sendable {
    static let markerKey = "demo.store"
    /// A file in the data directory that says "this is the demo store", readable without opening the database,
    /// so the stores manager can enter the demo state synchronously.
    static let markerFile = "demo-store"

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
        if try await repository.load() != nil {
            // A demo store seeded before the marker file existed gets one; a real store is left alone.
            if try await isDemo(), !Self.hasMarkerFile(in: environment) { try writeMarkerFile() }
            return
        }
        try await repository.save(Self.settings)
        try await DemoCatalog.seed(into: environment.database)
        try await environment.database.setSetting(key: Self.markerKey, value: "1")
        try writeMarkerFile()
    }

    private func writeMarkerFile() throws {
        try Data("The embedded demo store; `pos login` replaces it.\n".utf8)
            .write(to: environment.file(Self.markerFile), options: .atomic)
    }

    /// Whether the data directory is marked as holding the demo store.
    static func hasMarkerFile(in environment: AppEnvironment) -> Bool {
        FileManager.default.fileExists(atPath: environment.file(markerFile).path)
    }

    /// Forgets the demo marker (a login or logout replaced the demo store).
    static func removeMarkerFile(in environment: AppEnvironment) {
        try? FileManager.default.removeItem(at: environment.file(markerFile))
    }
}
