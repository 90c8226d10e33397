import Localization
import Yosemite

/// Turns the settings into rows. Pure.
public struct SettingsPresenter: Sendable {
    /// Creates a presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: SettingsDataFlow.Response) -> SettingsDataFlow.ViewModel {
        let settings = response.settings ?? AppSettings()
        let rows = SettingsDataFlow.Field.allCases.map { field in
            SettingsDataFlow.ViewModel.Row(label: Self.label(field), value: response.settings == nil ? "…"
                : Self.value(field, settings, signedIn: response.signedInCashier, isDemo: response.isDemo))
        }
        return SettingsDataFlow.ViewModel(
            rows: rows, selected: response.selected.rawValue,
            prompt: response.isEditing ? "\(Self.label(response.selected)): \(response.input)▏" : nil,
            help: Self.help(response.selected), message: response.message, isError: response.isError,
            keyHints: response.isEditing ? [KeyHint("Enter", L10n.tr("settings.key.save")), KeyHint("Esc", L10n.tr("keys.cancel"))]
                : [KeyHint("↑↓", L10n.tr("settings.key.field")),
                   KeyHint("Enter", L10n.tr(response.selected == .receiptWidth ? "settings.key.nextWidth" : "settings.key.edit")),
                   KeyHint("Esc", L10n.tr("keys.back"))])
    }

    static func label(_ field: SettingsDataFlow.Field) -> String {
        switch field {
        case .receiptWidth: L10n.tr("settings.label.receiptWidth")
        case .printer: L10n.tr("settings.label.printer")
        case .reader: L10n.tr("settings.label.reader")
        case .cashier: L10n.tr("settings.label.cashier")
        case .scanGap: L10n.tr("settings.label.scanGap")
        case .scanMinLength: L10n.tr("settings.label.scanMinLength")
        case .poleDisplay: L10n.tr("settings.label.poleDisplay")
        case .customerDisplay: L10n.tr("settings.label.customerDisplay")
        case .scale: L10n.tr("settings.label.scale")
        case .barcodeLayouts: L10n.tr("settings.label.barcodeLayouts")
        case .language: L10n.tr("settings.label.language")
        case .paperLanguage: L10n.tr("settings.label.paperLanguage")
        }
    }

    /// The field's value as text; also what editing starts from.
    static func value(_ field: SettingsDataFlow.Field, _ settings: AppSettings,
                      signedIn: SettingsDataFlow.Response.SignedIn? = nil, isDemo: Bool = false) -> String {
        if field == .cashier, let signedIn {
            return switch signedIn {
            case .nobody: L10n.tr("settings.value.cashier.nobody")
            case .cashier(let name): L10n.tr("settings.value.cashier.signedIn", ["name": name])
            }
        }
        // With none set, the demo store pays and weighs on its simulators.
        let unset = L10n.tr(isDemo ? "settings.value.simulator" : "settings.value.none")
        return switch field {
        case .receiptWidth: L10n.tr("settings.value.width", ["width": "\(settings.receiptWidth)"])
        case .printer: settings.printerName ?? L10n.tr("settings.value.printerDefault")
        case .reader: settings.readerAddress ?? unset
        case .cashier: settings.cashierName ?? L10n.tr("settings.value.notSet")
        case .scanGap: settings.scanGapMs.map(String.init) ?? L10n.tr("settings.value.default", ["value": "30"])
        case .scanMinLength: settings.scanMinLength.map(String.init) ?? L10n.tr("settings.value.default", ["value": "4"])
        case .poleDisplay: settings.poleDisplayAddress ?? L10n.tr("settings.value.none")
        case .customerDisplay: L10n.tr(settings.servesCustomerDisplay ? "settings.value.on" : "settings.value.off")
        case .scale: settings.scaleAddress ?? unset
        case .barcodeLayouts: settings.embeddedBarcodes ?? L10n.tr("settings.value.none")
        case .language: settings.language.map { L10n.tr("settings.value.language." + $0) } ?? L10n.tr("settings.value.language.automatic")
        case .paperLanguage:
            settings.paperLanguage.map { L10n.tr("settings.value.language." + $0) } ?? L10n.tr("settings.value.paperLanguage.store")
        }
    }

    static func help(_ field: SettingsDataFlow.Field) -> String {
        switch field {
        case .receiptWidth: L10n.tr("settings.help.receiptWidth")
        case .printer: L10n.tr("settings.help.printer")
        case .reader: L10n.tr("settings.help.reader")
        case .cashier: L10n.tr("settings.help.cashier")
        case .scanGap: L10n.tr("settings.help.scanGap")
        case .scanMinLength: L10n.tr("settings.help.scanMinLength")
        case .poleDisplay: L10n.tr("settings.help.poleDisplay")
        case .customerDisplay: L10n.tr("settings.help.customerDisplay")
        case .scale: L10n.tr("settings.help.scale")
        case .barcodeLayouts: L10n.tr("settings.help.barcodeLayouts")
        case .language: L10n.tr("settings.help.language")
        case .paperLanguage: L10n.tr("settings.help.paperLanguage")
        }
    }
}
