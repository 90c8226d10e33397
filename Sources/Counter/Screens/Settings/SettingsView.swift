import Localization

/// The settings screen: each field with its value, the selected field's help, and a prompt while editing.
@MainActor
public final class SettingsView: CounterModule {
    public let interactor: SettingsInteractor
    public private(set) var viewModel: SettingsDataFlow.ViewModel
    private let presenter: SettingsPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: SettingsInteractor, presenter: SettingsPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: SettingsDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "settings" }
    public var title: String { L10n.tr("settings.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        let width = viewModel.rows.first?.value.split(separator: " ").first ?? "-"
        return "selected=\(viewModel.selected) editing=\(viewModel.prompt != nil) width=\(width) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        let request: SettingsDataFlow.Request? = switch key {
        case .character(let character): .typed(character)
        case .backspace: .backspace
        case .up: .selectionUp
        case .down: .selectionDown
        case .enter: .enterPressed
        case .escape: .escapePressed
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// A fast burst ending in Enter is taken as typed (a scanned reader address, say).
    public func handleScan(_ code: String) {
        for character in code { interactor.handle(.typed(character)) }
        interactor.handle(.enterPressed)
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Where each value starts, from the screen's left margin: a label has the columns before it, less one for the
    /// space between them (a longer label would be overwritten by its value).
    static let valueColumn = 34

    /// Draws a view model; pure.
    public static func draw(_ model: SettingsDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(L10n.tr("settings.heading"), row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        for (index, row) in model.rows.enumerated() {
            let line = top + 2 + index
            let attributes: CellAttributes = index == model.selected ? .selection : .normal
            if index == model.selected { canvas.fill(CanvasRect(row: line, column: left, height: 1, width: area.width - 4), attributes: attributes) }
            canvas.put(row.label, row: line, column: left + 1, attributes: attributes, clip: area)
            canvas.put(row.value, row: line, column: left + valueColumn, attributes: attributes, clip: area)
        }
        canvas.put(model.help, row: top + 3 + model.rows.count, column: left, attributes: .normal, clip: area)
        if let prompt = model.prompt {
            canvas.putInput(prompt, row: area.bottom - 2, column: left, attributes: .bold, clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
