import Yosemite

/// Turns the settings into rows. Pure.
public struct SettingsPresenter: Sendable {
    /// Creates a presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: SettingsDataFlow.Response) -> SettingsDataFlow.ViewModel {
        let settings = response.settings ?? AppSettings()
        let rows = SettingsDataFlow.Field.allCases.map { field in
            SettingsDataFlow.ViewModel.Row(label: Self.label(field), value: response.settings == nil ? "…" : Self.value(field, settings))
        }
        return SettingsDataFlow.ViewModel(
            rows: rows, selected: response.selected.rawValue,
            prompt: response.isEditing ? "\(Self.label(response.selected)): \(response.input)▏" : nil,
            help: Self.help(response.selected), message: response.message, isError: response.isError,
            keyHints: response.isEditing ? [KeyHint("Enter", "Save"), KeyHint("Esc", "Cancel")]
                : [KeyHint("↑↓", "Field"), KeyHint("Enter", response.selected == .receiptWidth ? "Next width" : "Edit"),
                   KeyHint("Esc", "Back")])
    }

    static func label(_ field: SettingsDataFlow.Field) -> String {
        switch field {
        case .receiptWidth: "Receipt width"
        case .printer: "Receipt printer"
        case .reader: "Card reader address"
        case .cashier: "Cashier name"
        case .scanGap: "Scanner: longest key gap (ms)"
        case .scanMinLength: "Scanner: shortest code"
        case .poleDisplay: "Pole display address"
        case .customerDisplay: "Customer display (pos display)"
        case .scale: "Scale address"
        case .barcodeLayouts: "Weight/price barcode layouts"
        }
    }

    /// The field's value as text; also what editing starts from.
    static func value(_ field: SettingsDataFlow.Field, _ settings: AppSettings) -> String {
        switch field {
        case .receiptWidth: "\(settings.receiptWidth) characters"
        case .printer: settings.printerName ?? "system default, else text files"
        case .reader: settings.readerAddress ?? "none"
        case .cashier: settings.cashierName ?? "not set"
        case .scanGap: settings.scanGapMs.map(String.init) ?? "30 (default)"
        case .scanMinLength: settings.scanMinLength.map(String.init) ?? "4 (default)"
        case .poleDisplay: settings.poleDisplayAddress ?? "none"
        case .customerDisplay: settings.servesCustomerDisplay ? "on" : "off"
        case .scale: settings.scaleAddress ?? "none"
        case .barcodeLayouts: settings.embeddedBarcodes ?? "none"
        }
    }

    static func help(_ field: SettingsDataFlow.Field) -> String {
        switch field {
        case .receiptWidth: "32 for 58 mm paper, 42 or 48 for 80 mm. Enter switches to the next width."
        case .printer: "A CUPS queue, file:DIR or file+escpos:DIR; empty for the default. The printers screen lists them."
        case .reader: "zvt+tcp://HOST:PORT, zvt+tty:///dev/ttyUSB0, concert+tcp://…, sim://; empty for no reader."
        case .cashier: "Printed on receipts and shown in the status line; empty for the logged-in user."
        case .scanGap: "Keys closer than this are a scanner, slower ones a person (5–500). Used from the next start."
        case .scanMinLength: "Bursts shorter than this are typing (1–64). Used from the next start."
        case .poleDisplay, .customerDisplay, .scale, .barcodeLayouts:
            (field.floorDevice?.help ?? "") + (field == .scale || field == .barcodeLayouts ? "" : " Used from the next start.")
        }
    }
}
