import Localization
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The settings and login presenters by value, the settings rules, and both views as text snapshots.
@Suite(.screenSnapshots)
@MainActor
struct SettingsLoginPresenterTests {
    @Test func apply_validAndInvalidValues_setsOrRefuses() {
        // Given
        var settings = AppSettings()
        // When / Then
        #expect(SettingsInteractor.apply(.receiptWidth, "48", to: &settings) == nil)
        #expect(settings.receiptWidth == 48)
        #expect(SettingsInteractor.apply(.receiptWidth, "40", to: &settings) != nil)
        #expect(settings.receiptWidth == 48)
        #expect(SettingsInteractor.apply(.scanGap, "3", to: &settings) != nil)
        #expect(SettingsInteractor.apply(.scanGap, "45", to: &settings) == nil)
        #expect(settings.scanGapMs == 45)
        #expect(SettingsInteractor.apply(.reader, "192.0.2.1", to: &settings) != nil)
        #expect(SettingsInteractor.apply(.reader, "zvt+tcp://192.0.2.1:20007", to: &settings) == nil)
        #expect(SettingsInteractor.apply(.cashier, "  ", to: &settings) == nil)
        #expect(settings.cashierName == nil)
    }

    @Test func settingsApply_floorDevices_acceptsAddressesAndLayouts_andRefusesBadOnesNamingWhy() {
        var settings = AppSettings()
        #expect(SettingsInteractor.apply(.scale, "scale+serial:///dev/ttyUSB2?line=9600,7E1", to: &settings) == nil)
        #expect(settings.scaleAddress == "scale+serial:///dev/ttyUSB2?line=9600,7E1")
        #expect(SettingsInteractor.apply(.poleDisplay, "display+serial:///dev/ttyUSB1", to: &settings) == nil)
        #expect(SettingsInteractor.apply(.customerDisplay, "on", to: &settings) == nil)
        #expect(settings.servesCustomerDisplay)
        #expect(SettingsInteractor.apply(.barcodeLayouts, "28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price", to: &settings) == nil)
        // Refused: the saved value stays
        #expect(SettingsInteractor.apply(.scale, "display+serial:///dev/ttyUSB1", to: &settings)?.contains("scale address") == true)
        #expect(SettingsInteractor.apply(.barcodeLayouts, "30:IIIIIVVVVV:weight", to: &settings)?.contains("barcode layouts") == true)
        #expect(SettingsInteractor.apply(.customerDisplay, "maybe", to: &settings) != nil)
        #expect(settings.scaleAddress == "scale+serial:///dev/ttyUSB2?line=9600,7E1")
        #expect(settings.embeddedBarcodes == "28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price")
        // Empty clears
        #expect(SettingsInteractor.apply(.scale, "", to: &settings) == nil)
        #expect(settings.scaleAddress == nil)
    }

    @Test(arguments: [Language.english, .german])
    func settingsLabels_fitBeforeTheirValues(language: Language) {
        // The German "Scanner: längster Tastenabstand (ms)" was overwritten by its value ("…Tastenabstand (30 (Standard)")
        L10n.withLanguage(language) {
            for field in SettingsDataFlow.Field.allCases {
                let label = SettingsPresenter.label(field)
                #expect(TextWidth.of(label) <= SettingsView.valueColumn - 2, "\(language): \(label)")
            }
        }
    }

    @Test(arguments: [Language.english, .german])
    func menuEntries_fitAt80Columns(language: Language) {
        // The German sync entry ran to 81 characters and was cut ("…geparkte Verkäufe erneu…")
        L10n.withLanguage(language) {
            for item in MenuView.items {
                // Drawn from column 2 as " 1  label" (and a space of padding) in the 80 columns of the smallest terminal
                #expect(2 + TextWidth.of(" \(item.key)  \(item.label)") <= 80, "\(language): \(item.label)")
            }
        }
    }

    @Test func settingsViewModel_cashiersSetUp_showsWhoIsSignedInNotAStaleName() {
        var response = SettingsDataFlow.Response()
        response.settings = AppSettings()
        response.signedInCashier = .cashier("Bob")
        let signedIn = SettingsPresenter().viewModel(response).rows.first { $0.label == SettingsPresenter.label(.cashier) }
        #expect(signedIn?.value == "Bob (signed in; ^L switches)")
        response.signedInCashier = .nobody
        let nobody = SettingsPresenter().viewModel(response).rows.first { $0.label == SettingsPresenter.label(.cashier) }
        #expect(nobody?.value == "nobody signed in (^L)")
        response.signedInCashier = nil
        let none = SettingsPresenter().viewModel(response).rows.first { $0.label == SettingsPresenter.label(.cashier) }
        #expect(none?.value == "not set")
    }

    @Test func settingsViewModel_editingCashier_showsPromptAndSaveKeys() {
        // Given
        var response = SettingsDataFlow.Response()
        response.settings = AppSettings(printerName: "kitchen", receiptWidth: 32, cashierName: "Ada", scanGapMs: 45)
        response.selected = .cashier
        response.isEditing = true
        response.input = "Bo"
        // When
        let model = SettingsPresenter().viewModel(response)
        // Then
        #expect(model.rows.map(\.value) == ["32 characters", "kitchen", "none", "Ada", "45", "4 (default)", "none", "off", "none", "none",
                                             "automatic (LANG, else the store's)", "the store's site language"])
        #expect(model.prompt == "Cashier name: Bo▏")
        #expect(model.keyHints.map(\.key) == ["Enter", "Esc"])
    }

    @Test(arguments: [Language.english, .german])
    func settingsViewModel_demoWithNoReaderOrScale_showsTheSimulatorsItUses(language: Language) {
        // The demo pays and weighs on sim:// when none is set; the screen said "none" for both.
        L10n.withLanguage(language) {
            var response = SettingsDataFlow.Response()
            response.settings = AppSettings()
            response.isDemo = true
            let value = { (field: SettingsDataFlow.Field) in
                SettingsPresenter().viewModel(response).rows.first { $0.label == SettingsPresenter.label(field) }?.value
            }
            let simulator = language == .german ? "sim:// (Simulator der Demo)" : "sim:// (the demo's simulator)"
            #expect(value(.reader) == simulator)
            #expect(value(.scale) == simulator)
            #expect(TextWidth.of(simulator) <= 80 - SettingsView.valueColumn)
            // The pole display has no simulator: still none.
            #expect(value(.poleDisplay) == (language == .german ? "keine" : "none"))
            // A set address is what it shows; a store that is not the demo has none.
            response.settings = AppSettings(readerAddress: "zvt+tcp://192.0.2.10:20007")
            #expect(value(.reader) == "zvt+tcp://192.0.2.10:20007")
            response.isDemo = false
            #expect(value(.scale) == (language == .german ? "keine" : "none"))
        }
    }

    @Test func settingsView_widthSelected_matchesSnapshot() {
        var response = SettingsDataFlow.Response()
        response.settings = AppSettings(printerName: nil, receiptWidth: 42, readerAddress: "sim://", cashierName: "Ada")
        response.message = "Receipt width saved."
        let model = SettingsPresenter().viewModel(response)
        // 18 rows: the ten fields, the screen language, the paper language, the help line and
        // the message.
        var canvas = TextCanvas(size: TerminalSize(rows: 18, columns: 100))
        SettingsView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 18, width: 100))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "settings")
    }

    @Test func loginViewModel_password_isMaskedAndNeverShown() {
        // Given
        var response = LoginDataFlow.Response()
        response.siteURL = "https://shop.example"
        response.username = "ann"
        response.password = "abcd efgh ijkl"
        response.field = .password
        response.isDemo = true
        // When
        let model = LoginPresenter().viewModel(response)
        // Then
        #expect(model.rows[2].value == String(repeating: "•", count: 14) + "▏")
        #expect(!"\(model)".contains("abcd"))
        #expect(model.headline.contains("demo store"))
    }

    @Test func loginView_failure_matchesSnapshot() {
        var response = LoginDataFlow.Response()
        response.siteURL = "https://shop.example"
        response.username = "ann"
        response.password = "secret"
        response.field = .password
        response.message = "\(AccountError.badCredentials.message) \(AccountError.badCredentials.recoverySuggestion)"
        response.isError = true
        let model = LoginPresenter().viewModel(response)
        var canvas = TextCanvas(size: TerminalSize(rows: 12, columns: 110))
        LoginView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 12, width: 110))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "login-failed")
    }
}
