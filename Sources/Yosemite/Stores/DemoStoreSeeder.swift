import Foundation
import Localization
import Logging
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

    /// The demo's settings in `language`: the site language "de_DE" for German, "en_US" otherwise.
    static func settings(language: Language) -> StoreSettings {
        var settings = Self.settings
        settings.language = language == .german ? "de_DE" : "en_US"
        if language == .german { settings.storeName = "Demo-Shop" }
        return settings
    }

    /// The language a new demo store speaks: the paper-language setting when one is made already, else the
    /// screen's (``Language/resolve(setting:environment:store:)`` without a store).
    static func language(app: AppSettings?, environment: [String: String]) -> Language {
        if let paper = app?.paperLanguage.flatMap(Language.init(rawValue:)) { return paper }
        return Language.resolve(setting: app?.language.flatMap(Language.init(rawValue:)), environment: environment,
                                store: nil)
    }

    /// Renames the demo's products into the paper language `settings` now asks for (the store's site language when
    /// unset), when the database holds the demo store; a real store's products are its own.
    func followPaperLanguage(_ settings: AppSettings) async throws {
        guard try await isDemo(),
              let store = try await SettingsRepository(database: environment.database).load() else { return }
        try await DemoCatalog.rename(in: environment.database, to: settings.paperLanguage(store: store))
    }

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
        // The demo speaks the merchant's language, the screen's at this moment (the counter's language
        // setting, else LC_ALL/LC_MESSAGES/LANG): its site language, so its paper, and its products' names.
        let app = (try? environment.files.read(AppSettings.self, from: environment.file(AppEnvironment.FileName.appSettings)))
            ?? nil
        let language = Self.language(app: app, environment: ProcessInfo.processInfo.environment)
        try await repository.save(Self.settings(language: language))
        try await DemoCatalog.seed(into: environment.database, language: language)
        try seedWeightLabelLayout()
        try await environment.database.setSetting(key: Self.markerKey, value: "1")
        try writeMarkerFile()
    }

    /// Gives the counter the demo's weight-label layout (``DemoCatalog/weightLabelLayout``) unless the merchant set
    /// one, so a label such as `2800007012345` sells the demo's loose goods by their PLU. It is a counter setting
    /// like any other (`pos settings set barcode-layouts …`); a login that replaces the demo clears it while it
    /// is still the demo's (``forgetDemoWeightLabelLayout(in:)``).
    private func seedWeightLabelLayout() throws {
        let url = environment.file(AppEnvironment.FileName.appSettings)
        var settings = try environment.files.read(AppSettings.self, from: url) ?? AppSettings()
        guard settings.embeddedBarcodes == nil else { return }
        settings.embeddedBarcodes = DemoCatalog.weightLabelLayout
        try environment.files.write(settings, to: url, permissions: 0o600)
    }

    /// Clears the weight-label layout the demo set, when it is still the demo's: a real store's labels are its own.
    static func forgetDemoWeightLabelLayout(in environment: AppEnvironment) {
        let url = environment.file(AppEnvironment.FileName.appSettings)
        guard var settings = (try? environment.files.read(AppSettings.self, from: url)) ?? nil,
              settings.embeddedBarcodes == DemoCatalog.weightLabelLayout else { return }
        settings.embeddedBarcodes = nil
        do {
            try environment.files.write(settings, to: url, permissions: 0o600)
        } catch {
            environment.logger.warning("demo: the demo's weight-label layout could not be cleared: \(error)")
        }
    }

    private func writeMarkerFile() throws {
        try environment.files.write(Data("The embedded demo store; `pos login` replaces it.\n".utf8),
                                    to: environment.file(Self.markerFile), permissions: 0o644)
    }

    /// Whether the data directory is marked as holding the demo store.
    static func hasMarkerFile(in environment: AppEnvironment) -> Bool {
        FileManager.default.fileExists(atPath: environment.file(markerFile).path)
    }

    /// Forgets the demo marker (a login or logout replaced the demo store).
    static func removeMarkerFile(in environment: AppEnvironment) {
        try? environment.files.delete(at: environment.file(markerFile))
    }
}
