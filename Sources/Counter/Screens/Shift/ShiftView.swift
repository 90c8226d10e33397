import Foundation
import Localization
/// The shift screen: the open shift's running totals or the closed shift's Z report, and a prompt line.
@MainActor
public final class ShiftView: CounterModule {
    public let interactor: ShiftInteractor
    public private(set) var viewModel: ShiftDataFlow.ViewModel
    private let presenter: ShiftPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    /// The report's rows at 80×24 do not all fit (two cashiers, the terminal check): ↑ ↓ PgUp PgDn Home End.
    private var scroll = ScrollRegion()

    init(interactor: ShiftInteractor, presenter: ShiftPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: ShiftDataFlow.Response) {
        let next = presenter.viewModel(response)
        if next.state != viewModel.state || next.headline != viewModel.headline { scroll.reset() }
        viewModel = next
        setNeedsDisplay()
    }

    public var name: String { "shift" }
    public var title: String { L10n.tr("shift.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        let expected = viewModel.rows.first { $0.label == L10n.tr("z.expectedCash") }?.value ?? "-"
        let difference = viewModel.rows.first { $0.label == L10n.tr("z.difference") }?.value ?? "-"
        return "state=\(viewModel.state) prompt=\(viewModel.prompt != nil) expected=\(expected.replacingOccurrences(of: " ", with: ""))"
            + " difference=\(difference.replacingOccurrences(of: " ", with: "")) error=\(viewModel.isError)"
            + " rows=\(viewModel.rows.count) scroll=\(scroll.summary) atEnd=\(scroll.isAtEnd)"
    }
    public var keyHints: [KeyHint] {
        guard scroll.canScroll else { return viewModel.keyHints }
        return [KeyHint("↑↓", L10n.tr("keys.scroll"))] + viewModel.keyHints
    }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        if scroll.handle(key) {
            setNeedsDisplay()
            return
        }
        let request: ShiftDataFlow.Request? = switch key {
        case .character(let character): .typed(character)
        case .backspace: .backspace
        case .enter: .enterPressed
        case .escape: .escapePressed
        case .function(2): .openKeyPressed
        case .function(3): .cashInKeyPressed
        case .function(4): .cashOutKeyPressed
        case .function(5): .closeKeyPressed
        case .function(6): .reprintKeyPressed
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// A fast burst ending in Enter: on this screen only typing into the prompt, so it is taken as typed.
    public func handleScan(_ code: String) {
        for character in code { interactor.handle(.typed(character)) }
        interactor.handle(.enterPressed)
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model from its top; pure.
    public static func draw(_ model: ShiftDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        var scroll = ScrollRegion()
        draw(model, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model scrolled by `scroll` (which learns how many rows fit); pure but for `scroll`.
    public static func draw(_ model: ShiftDataFlow.ViewModel, scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(model.headline, row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        let width = 44
        let lines = model.rows.map { row -> (text: String, attributes: CellAttributes) in
            let bold = row.label == L10n.tr("z.expectedCash") || row.label == L10n.tr("z.difference")
            let label = TextWidth.fitted(row.label, to: max(1, width - TextWidth.of(row.value) - 1))
            return (TextWidth.padded(label, to: width - TextWidth.of(row.value)) + row.value, bold ? .bold : .normal)
        }
        let rect = CanvasRect(row: top + 2, column: left, height: max(0, area.bottom - 2 - (top + 2)),
                              width: min(width + 2, area.right - left))
        scroll.draw(lines, in: &canvas, rect: rect)
        if let prompt = model.prompt {
            canvas.putInput(prompt, row: area.bottom - 2, column: left, attributes: .bold, clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
