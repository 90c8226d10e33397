import Foundation
import Localization
import Testing
import WooTestServer
import YosemiteTestSupport
@testable import Yosemite

/// The store's WordPress site language is synced at login (`wc/v3/system_status`'s
/// `environment.language`), kept with the store's settings, and receipts speak it.
@MainActor
@Suite(.serialized)
struct StoreLanguageTests {
    let server = WooTestServer()
    let siteURL: String
    let directory: TestDataDirectory

    init() throws {
        siteURL = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        directory = try TestDataDirectory()
    }

    private func tearDown() {
        server.stop()
        directory.remove()
    }

    private func login() async throws -> (StoresManager, Yosemite.StoreSettings) {
        let environment = try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork)
        let manager = StoresManager(environment: environment)
        let (_, settings) = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
        return (manager, settings)
    }

    @Test func login_germanSite_keepsTheSiteLanguageAndReceiptsSpeakIt() async throws {
        defer { tearDown() }
        // Given a store whose WordPress site language is German
        server.updateSettings { $0.siteLanguage = "de_DE" }
        // When a shop manager logs in
        let (manager, settings) = try await login()
        // Then the language is synced, saved with the settings, and German
        #expect(settings.language == "de_DE")
        #expect(settings.siteLanguage == .german)
        let saved = try await manager.dispatch { SettingAction.loadStoreSettings(reply: $0) }
        #expect(saved?.language == "de_DE")
        // And a receipt composed for this store is German, dates included
        let context = ReceiptContext(store: settings, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
        let model = ReceiptComposer(context: context).sale(ReceiptSamples.sale(card: false))
        #expect(model.language == .german)
        #expect(model.title == "BELEG")
        #expect(model.order.date == "21.11.2026")
        #expect(model.footer == ["Vielen Dank für Ihren Besuch!"])
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(overrideDirectory: nil))
        let text = try renderer.render(model, with: .sale).text(width: 42)
        #expect(text.contains("Rückgeld"))
        #expect(text.contains("SUMME EUR"))
        #expect(!text.contains("Change"))
    }

    @Test func login_englishSite_staysEnglish() async throws {
        defer { tearDown() }
        // Given the test server's default site language (en_US)
        // When
        let (_, settings) = try await login()
        // Then
        #expect(settings.language == "en_US")
        #expect(settings.siteLanguage == .english)
        let model = ReceiptComposer(context: ReceiptContext(store: settings)).sale(ReceiptSamples.sale(card: false))
        #expect(model.title == "RECEIPT")
        #expect(model.order.date.contains("-"))
    }

    @Test func storeSettingsSync_siteLanguageChanged_followsTheStore() async throws {
        defer { tearDown() }
        // Given a logged-in counter of an English store
        let (manager, _) = try await login()
        // When the merchant switches the site to German and the settings sync again
        server.updateSettings { $0.siteLanguage = "de_DE_formal" }
        let synced = try await manager.dispatch { SettingAction.synchronizeStoreSettings(reply: $0) }
        // Then
        #expect(synced.language == "de_DE_formal")
        #expect(synced.siteLanguage == .german)
    }
}
