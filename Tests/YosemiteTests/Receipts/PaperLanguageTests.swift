import Foundation
import Localization
import Storage
import Testing
@testable import Yosemite

/// The paper-language setting, the language a new demo store is made in, the demo's names in both
/// languages, and a TSE outage's cause stored as a code and rendered in the language of the paper.
@Suite struct PaperLanguageTests {
    // MARK: The setting

    @Test func paperLanguage_setting_overridesTheStore_andStoreOrEmptyFollowsIt() {
        // Given a store whose site language is English
        let store = DemoStoreSeeder.settings(language: .english)
        var settings = AppSettings()
        // Then unset, paper follows the store
        #expect(settings.paperLanguage(store: store) == .english)
        // When set to German (as typed, or as a locale name)
        #expect(settings.set(.paperLanguage, to: "de") == nil)
        #expect(settings.paperLanguage(store: store) == .german && settings.value(of: .paperLanguage) == "de")
        #expect(settings.set(.paperLanguage, to: "de_DE.UTF-8") == nil)
        #expect(settings.paperLanguage == "de")
        // When set to "store", it is unset again: the German store's own language then applies
        #expect(settings.set(.paperLanguage, to: "store") == nil)
        #expect(settings.paperLanguage == nil)
        #expect(settings.paperLanguage(store: DemoStoreSeeder.settings(language: .german)) == .german)
        // And a language pos does not speak is refused, leaving the setting as it was
        #expect(settings.set(.paperLanguage, to: "fr") != nil)
        #expect(settings.paperLanguage == nil)
    }

    // MARK: The demo store

    @Test func demoStore_isMadeInTheScreensLanguage_orThePaperLanguageSetAlready() {
        #expect(DemoStoreSeeder.language(app: nil, environment: ["LANG": "de_DE.UTF-8"]) == .german)
        #expect(DemoStoreSeeder.language(app: nil, environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(DemoStoreSeeder.language(app: nil, environment: [:]) == .english)
        #expect(DemoStoreSeeder.language(app: nil, environment: ["LC_ALL": "de_AT", "LANG": "en_US"]) == .german)
        var screen = AppSettings()
        screen.language = "de"
        #expect(DemoStoreSeeder.language(app: screen, environment: ["LANG": "C"]) == .german)
        var paper = AppSettings()
        paper.paperLanguage = "en"
        #expect(DemoStoreSeeder.language(app: paper, environment: ["LANG": "de_DE.UTF-8"]) == .english)
        #expect(DemoStoreSeeder.settings(language: .german).language == "de_DE")
        #expect(DemoStoreSeeder.settings(language: .english).language == "en_US")
    }

    @Test func demoCatalog_namesEveryProductInBothLanguages_underTheSameIdsAndSKUs() {
        let english = DemoCatalog.catalog(.english)
        let german = DemoCatalog.catalog(.german)
        #expect(english.products.map(\.id) == german.products.map(\.id))
        #expect(english.products.map(\.sku) == german.products.map(\.sku))
        #expect(english.products.map(\.priceMinorUnits) == german.products.map(\.priceMinorUnits))
        #expect(english.variations.map(\.id) == german.variations.map(\.id))
        func name(_ catalog: CatalogSeed, _ sku: String) -> String? { catalog.products.first { $0.sku == sku }?.name }
        #expect(name(english, "COF-FIL") == "Filter Coffee" && name(german, "COF-FIL") == "Filterkaffee")
        #expect(name(english, "BAK-CRO") == "Croissant" && name(german, "BAK-CRO") == "Croissant")
        #expect(name(english, "7") == "Loose Coffee Beans" && name(german, "7") == "Kaffeebohnen lose")
        #expect(german.categories.map(\.name) == ["Kaffee", "Backwaren", "Getränke", "Fanartikel", "Feinkost"])
        #expect(german.variations.contains { $0.name == "Hoodie – Schwarz" && $0.attributes.first?.name == "Farbe" })
        // No English noun left in a German demo name (the words German shares with English aside)
        let englishWords = ["Coffee", "Beans", "Water", "Juice", "Bag", "Mug", "Card", "Box", "Slice", "Vanilla",
                             "Hazelnut", "Lemon", "Classic", "Cookie", "Roll", "Salad", "Soup", "Tea", "Cheese"]
        for product in german.products {
            let words = product.name.split(whereSeparator: { !$0.isLetter }).map(String.init)
            #expect(words.allSatisfy { !englishWords.contains($0) }, "\(product.name)")
        }
    }

    // MARK: The TSE's cause

    @Test func fiscalCause_storedAsACode_rendersInEachLanguage_andOldWordsStayReadable() throws {
        // Given a cause as it is stored
        let stored = FiscalCause(.unreachable, ["host": "kassensichv.example"]).stored
        #expect(stored.contains("tse.unreachable") && !stored.contains("could not"))
        // Then it reads back as the code, and renders in the language asked
        #expect(FiscalCause(stored: stored) == FiscalCause(.unreachable, ["host": "kassensichv.example"]))
        #expect(FiscalCause.text(of: stored, in: .of(.english)) == "the TSE at kassensichv.example could not be reached")
        #expect(FiscalCause.text(of: stored, in: .of(.german)) == "die TSE unter kassensichv.example war nicht erreichbar")
        // And a cause stored in words before codes is shown as it was stored
        #expect(FiscalCause(stored: "no answer from fiskaly in 10 s") == nil)
        #expect(FiscalCause.text(of: "no answer from fiskaly in 10 s", in: .of(.german)) == "no answer from fiskaly in 10 s")
        // And every code has its text in both languages
        for code in FiscalCause.Code.allCases {
            let key = "fiscal.cause." + code.rawValue
            #expect(Strings.of(.english).tr(key) != key && Strings.of(.german).tr(key) != key, "\(key)")
        }
    }

    @Test func outageReceipt_rendersTheStoredCause_inTheReceiptsLanguage() throws {
        // Given a cash sale whose TSE failed, its cause stored as a code
        var sale = ReceiptSamples.sale(card: false)
        sale.fiscal = .failed(cause: FiscalCause(.simulatorOff).stored)
        // When it is composed on English and on German paper
        let english = ReceiptComposer(context: ReceiptSamples.context(language: .english)).sale(sale)
        let german = ReceiptComposer(context: ReceiptSamples.context(language: .german)).sale(sale)
        // Then each says it in its own language
        #expect(english.fiscal?.failed == "TSE FAILED (TSE ausgefallen): the simulated TSE is switched off")
        #expect(german.fiscal?.failed == "TSE AUSGEFALLEN: die simulierte TSE ist ausgeschaltet")
        // And the DSFinV-K export says it in German
        #expect(FiscalService.exportCause(FiscalCause(.simulatorOff).stored) == "TSE ausgefallen: die simulierte TSE ist ausgeschaltet")
        #expect(FiscalService.exportCause("no answer") == "TSE ausgefallen: no answer")
    }
}
