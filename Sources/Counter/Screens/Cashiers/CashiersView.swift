import Foundation
import Localization

/// The cashiers screen: the cashiers as a table (scrolling with the selection when longer than the room), and below it the form
/// being filled in (a PIN shows as •) or the question before a removal.
@MainActor
public final class CashiersView: CounterModule {
    public let interactor: CashiersInteractor
    public private(set) var viewModel: CashiersDataFlow.ViewModel
    private let presenter: CashiersPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    private var scroll = ScrollRegion()

    init(interactor: CashiersInteractor, presenter: CashiersPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: CashiersDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "cashiers" }
    public var title: String { L10n.tr("cashiers.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        let response = interactor.response
        var summary = "loaded=\(response.isLoaded) cashiers=\(viewModel.rows.count) locked=\(viewModel.rows.filter(\.isLocked).count)"
            + " selected=\(viewModel.selected ?? -1) scroll=\(scroll.summary)"
        if let form = response.form {
            summary += " form=\(form.step)"
            if form.step == .pin || form.step == .pinAgain { summary += " pinTyped=\(form.text.count)" }
        }
        if response.confirmRemove != nil { summary += " confirm=remove" }
        summary += " busy=\(response.isBusy) error=\(viewModel.isError)"
        return summary
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        let request: CashiersDataFlow.Request? = switch key {
        case .up: .selectionUp
        case .down: .selectionDown
        case .escape: .escapePressed
        case .enter: .enterPressed
        case .backspace: .backspacePressed
        case .function(2): .addKeyPressed
        case .function(3): .setPinKeyPressed
        case .function(4), .delete: .removeKeyPressed
        case .function(5): .unlockKeyPressed
        case .character(let character): .typed(character)
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// A scan is a name typed at once; never a PIN.
    public func handleScan(_ code: String) {
        interactor.handle(.scanned(code))
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model; pure but for the scroll position it keeps.
    public static func draw(_ model: CashiersDataFlow.ViewModel, scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        let headlineRows = canvas.putWrapped(model.headline, row: top, column: left, width: area.width - 4, maxLines: 2,
                                             attributes: CellAttributes(role: .accent, bold: true), clip: area)
        let columns = [0, 30, 44]
        let header = ["cashiers.column.name", "cashiers.column.role", "cashiers.column.state"].map { L10n.tr($0) }
        for (offset, title) in zip(columns, header) {
            canvas.put(title, row: top + 1 + headlineRows, column: left + offset, attributes: .bold, clip: area)
        }
        // Below the table: the form (or question) and the message.
        let formHeight = model.formLines.count + (model.input != nil ? 1 : 0)
        let tableTop = top + 2 + headlineRows
        let tableBottom = area.bottom - 2 - (formHeight > 0 ? formHeight + 1 : 0)
        let visible = max(1, tableBottom - tableTop)
        if let selected = model.selected {
            // Keep the selection in view.
            scroll.layout(total: model.rows.count, visible: visible)
            while selected < scroll.offset, scroll.handle(.up) {}
            while selected >= scroll.offset + visible, scroll.handle(.down) {}
        }
        let width = min(area.width - 4, 70)
        let lines: [(text: String, attributes: CellAttributes)] = model.rows.enumerated().map { index, row in
            let text = TextWidth.padded(row.name, to: columns[1]) + TextWidth.padded(row.role, to: columns[2] - columns[1]) + row.state
            let attributes: CellAttributes = index == model.selected ? .selection
                : row.isLocked ? CellAttributes(role: .error) : .normal
            return (TextWidth.padded(text, to: width), attributes)
        }
        scroll.draw(lines, in: &canvas, rect: CanvasRect(row: tableTop, column: left, height: visible, width: width + 1))
        var row = tableBottom + 1
        for line in model.formLines {
            canvas.put(line, row: row, column: left, attributes: .bold, clip: area)
            row += 1
        }
        if let input = model.input {
            canvas.putInput(canvas.echoing(input + "_", caret: "_", mask: model.inputMask), row: row, column: left,
                            attributes: .normal, clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                              attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
