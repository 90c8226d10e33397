import Foundation
import Localization
/// The shift screen: the open shift's running totals or the closed shift's Z report, and a prompt line.
@MainActor
public final class ShiftView: CounterModule {
    public let interactor: ShiftInteractor
    public private(set) var viewModel: ShiftDataFlow.ViewModel
    private let presenter: ShiftPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: ShiftInteractor, presenter: ShiftPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: ShiftDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "shift" }
    public var title: String { L10n.tr("shift.title") }
    public var frameSummary: String {
        let expected = viewModel.rows.first { $0.label == L10n.tr("z.expectedCash") }?.value ?? "-"
        let difference = viewModel.rows.first { $0.label == L10n.tr("z.difference") }?.value ?? "-"
        return "state=\(viewModel.state) prompt=\(viewModel.prompt != nil) expected=\(expected.replacingOccurrences(of: " ", with: ""))"
            + " difference=\(difference.replacingOccurrences(of: " ", with: "")) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
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
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: ShiftDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(model.headline, row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        let width = 44
        for (index, row) in model.rows.enumerated() where top + 2 + index < area.bottom - 2 {
            let bold = row.label == L10n.tr("z.expectedCash") || row.label == L10n.tr("z.difference")
            canvas.put(row.label, row: top + 2 + index, column: left, attributes: bold ? .bold : .normal, clip: area)
            canvas.put(row.value, row: top + 2 + index, column: left + width - TextWidth.of(row.value), attributes: bold ? .bold : .normal, clip: area)
        }
        if let prompt = model.prompt {
            canvas.put(prompt, row: area.bottom - 2, column: left, attributes: .bold, clip: area)
        }
        if let message = model.message {
            canvas.put(message, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
