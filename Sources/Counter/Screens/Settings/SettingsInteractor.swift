import Foundation
import Localization
import Yosemite

/// Keeps the settings screen's state; loads and saves through `AppSettingsAction`.
@MainActor
public final class SettingsInteractor {
    public private(set) var response = SettingsDataFlow.Response()
    var present: (SettingsDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Loads the saved settings.
    public func load() {
        let stores = context.stores
        Task {
            do throws(AppSettingsError) {
                response.settings = try await stores.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
                let cashiers = (try? await stores.dispatch { CashierAction.list(reply: $0) }) ?? []
                let current = try? await stores.dispatch { CashierAction.current(reply: $0) }
                response.signedInCashier = cashiers.isEmpty ? nil : current.map { .cashier($0.name) } ?? .nobody
                response.isDemo = stores.isDemo
            } catch {
                response.message = "\(error.message) \(error.recoverySuggestion)"
                response.isError = true
            }
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: SettingsDataFlow.Request) {
        switch request {
        case .selectionUp where !response.isEditing:
            response.selected = SettingsDataFlow.Field(rawValue: response.selected.rawValue - 1) ?? response.selected
        case .selectionDown where !response.isEditing:
            response.selected = SettingsDataFlow.Field(rawValue: response.selected.rawValue + 1) ?? response.selected
        case .typed(let character) where response.isEditing: response.input.append(character)
        case .backspace where response.isEditing: _ = response.input.popLast()
        case .escapePressed:
            if response.isEditing { response.isEditing = false; response.input = "" } else { context.router?.show(.menu); return }
        case .enterPressed: enter()
        default: break
        }
        present(response)
    }

    private func enter() {
        guard let settings = response.settings else { return }
        response.message = nil
        response.isError = false
        let field = response.selected
        if field == .receiptWidth {
            let widths = AppSettings.receiptWidths
            let next = widths[((widths.firstIndex(of: settings.receiptWidth) ?? -1) + 1) % widths.count]
            return save(field, "\(next)")
        }
        if field == .cashier, response.signedInCashier != nil {
            // Set up cashiers sign in at the lock (^L); their names are `pos cashier`'s, not a setting.
            response.message = L10n.tr("settings.cashier.managed")
            return
        }
        if !response.isEditing {
            response.isEditing = true
            response.input = Self.editableValue(field, settings)
            return
        }
        response.isEditing = false
        save(field, response.input)
        response.input = ""
    }

    private func save(_ field: SettingsDataFlow.Field, _ input: String) {
        var check = response.settings ?? AppSettings()
        if let problem = Self.apply(field, input, to: &check) {
            response.message = problem
            response.isError = true
            return
        }
        let stores = context.stores
        Task {
            do throws(AppSettingsError) {
                response.settings = try await stores.dispatch {
                    AppSettingsAction.updateAppSettings({ _ = Self.apply(field, input, to: &$0) }, reply: $0)
                }
                if field == .language, let saved = response.settings {
                    // The new language shows at once: the setting, else LANG, else the store's site language.
                    L10n.setScreenLanguage(Language.resolve(
                        setting: saved.language.flatMap(Language.init(rawValue:)),
                        environment: ProcessInfo.processInfo.environment,
                        store: context.settings.language.flatMap(Language.init(localeIdentifier:))))
                }
                response.message = L10n.tr("settings.saved", ["field": SettingsPresenter.label(field)])
            } catch {
                response.message = "\(error.message) \(error.recoverySuggestion)"
                response.isError = true
            }
            context.refreshStatus()
            present(response)
        }
    }

    /// What editing a field starts from: its saved text, empty when unset.
    static func editableValue(_ field: SettingsDataFlow.Field, _ settings: AppSettings) -> String {
        switch field {
        case .receiptWidth: "\(settings.receiptWidth)"
        case .printer: settings.printerName ?? ""
        case .reader: settings.readerAddress ?? ""
        case .cashier: settings.cashierName ?? ""
        case .scanGap: settings.scanGapMs.map(String.init) ?? ""
        case .scanMinLength: settings.scanMinLength.map(String.init) ?? ""
        case .poleDisplay, .customerDisplay, .scale, .barcodeLayouts, .language, .paperLanguage: field.floorDevice.flatMap { settings.value(of: $0) } ?? ""
        }
    }

    /// Sets a field from typed text (empty clears an optional one); returns why it is refused, or `nil`.
    nonisolated static func apply(_ field: SettingsDataFlow.Field, _ input: String, to settings: inout AppSettings) -> String? {
        let text = input.trimmingCharacters(in: .whitespaces)
        let optional: String? = text.isEmpty ? nil : text
        switch field {
        case .receiptWidth:
            guard let width = Int(text), AppSettings.receiptWidths.contains(width) else {
                return L10n.tr("settings.problem.width")
            }
            settings.receiptWidth = width
        case .printer: settings.printerName = optional
        case .reader:
            if let optional, !optional.contains("://") {
                return L10n.tr("settings.problem.reader", ["text": optional])
            }
            settings.readerAddress = optional
        case .cashier: settings.cashierName = optional
        case .scanGap:
            guard let optional else { settings.scanGapMs = nil; return nil }
            guard let value = Int(optional), (5...500).contains(value) else { return L10n.tr("settings.problem.scanGap") }
            settings.scanGapMs = value
        case .scanMinLength:
            guard let optional else { settings.scanMinLength = nil; return nil }
            guard let value = Int(optional), (1...64).contains(value) else { return L10n.tr("settings.problem.scanMinLength") }
            settings.scanMinLength = value
        case .poleDisplay, .customerDisplay, .scale, .barcodeLayouts, .language, .paperLanguage:
            guard let setting = field.floorDevice else { return nil }
            return settings.set(setting, to: optional)
        }
        return nil
    }
}
