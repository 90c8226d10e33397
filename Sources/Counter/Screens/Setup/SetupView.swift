import Foundation
import Localization

/// The first run's set-up screen: one step at a time, what is set so far above it, a list to choose from
/// (scrolling when longer than the room) or the field being typed (a PIN as •), and what the step said.
@MainActor
public final class SetupView: CounterModule {
    public let interactor: SetupInteractor
    public private(set) var viewModel: SetupDataFlow.ViewModel
    private let presenter: SetupPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    private var scroll = ScrollRegion()

    init(interactor: SetupInteractor, presenter: SetupPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: SetupDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "setup" }
    public var title: String { L10n.tr("setup.title") }
    public var message: String? { viewModel.message.isEmpty ? nil : viewModel.message.joined(separator: " ") }
    public var frameSummary: String {
        let response = interactor.response
        var summary = "step=\(response.step) cashiers=\(response.added.count) printers=\(response.printers.count)"
        summary += response.step.isPin ? " pinTyped=\(response.text.count)" : " typed=\(response.text.count)"
        if response.step == .printer { summary += " printer=\(response.selectedPrinter)" }
        return summary + " busy=\(response.isBusy) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        if interactor.response.step == .fiscal, scroll.handle(key) {
            setNeedsDisplay()
            return
        }
        let request: SetupDataFlow.Request? = switch key {
        case .up: .selectionUp
        case .down: .selectionDown
        case .end: .selectLast
        case .escape: .escapePressed
        case .enter: .enterPressed
        case .backspace: .backspacePressed
        case .function(10): .leaveKeyPressed
        case .character(let character): .typed(character)
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// A scan is a name or an address typed at once; never a PIN.
    public func handleScan(_ code: String) { interactor.handle(.scanned(code)) }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model; pure but for the scroll position it keeps.
    public static func draw(_ model: SetupDataFlow.ViewModel, scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 2, width = area.width - 4
        canvas.put(model.heading, row: area.row + 1, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        // What the step said, wrapped, at the bottom; the field above it; the step's lines (or list) fill the rest.
        let message = model.message.flatMap { ShellOverlay.wrap($0, width: width) }.suffix(4)
        let messageTop = area.bottom - message.count
        let inputRow = messageTop - (model.input != nil ? 2 : 0)
        // An empty line stays a line.
        var rows: [(text: String, attributes: CellAttributes)] = model.lines.flatMap { line in line.isEmpty ? [("", CellAttributes.normal)] : ShellOverlay.wrap(line, width: width).map { ($0, CellAttributes.normal) } }
        let choiceStart = rows.count
        for (index, choice) in model.choices.enumerated() {
            rows.append((TextWidth.padded(" " + choice, to: width), index == model.selected ? .selection : .normal))
        }
        let top = area.row + 3
        let room = CanvasRect(row: top, column: left, height: max(1, inputRow - top - 1), width: width)
        if let selected = model.selected {
            scroll.layout(total: rows.count, visible: room.height)
            let line = choiceStart + selected
            while line < scroll.offset, scroll.handle(.up) {}
            while line >= scroll.offset + room.height, scroll.handle(.down) {}
        }
        scroll.draw(rows, in: &canvas, rect: room)
        if let input = model.input {
            canvas.putInput(canvas.echoing(input + "_", caret: "_", mask: model.inputMask), row: inputRow, column: left,
                            attributes: .bold, clip: area)
        }
        let attributes = CellAttributes(role: model.isError ? .error : .normal, bold: true)
        for (offset, line) in message.enumerated() {
            canvas.put(line, row: messageTop + offset, column: left, attributes: attributes, clip: area)
        }
    }
}
