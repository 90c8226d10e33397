import Foundation
import Localization

/// The TSE screen: the status (scrolling when longer than the room) and the export form below it.
@MainActor
public final class FiscalView: CounterModule {
    public let interactor: FiscalInteractor
    public private(set) var viewModel: FiscalDataFlow.ViewModel
    private let presenter: FiscalPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    private var scroll = ScrollRegion()

    init(interactor: FiscalInteractor, presenter: FiscalPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: FiscalDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "fiscal" }
    public var title: String { L10n.tr("fiscal.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        "loaded=\(interactor.response.isLoaded) lines=\(viewModel.lines.count) scroll=\(scroll.summary) form=\(interactor.response.form.map { "\($0.field)" } ?? "-")"
            + " busy=\(interactor.response.isBusy) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        if interactor.response.form == nil, scroll.handle(key) {
            setNeedsDisplay()
            return
        }
        let request: FiscalDataFlow.Request? = switch key {
        case .escape: .escapePressed
        case .enter: .enterPressed
        case .backspace: .backspacePressed
        case .function(2): .exportKeyPressed
        case .function(5): .reloadKeyPressed
        case .character(let character): .typed(character)
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    public func handleScan(_ code: String) { interactor.handle(.scanned(code)) }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model; pure but for the scroll position it keeps.
    public static func draw(_ model: FiscalDataFlow.ViewModel, scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        let formHeight = model.formLines.count + (model.input != nil ? 1 : 0)
        let bottom = area.bottom - 2 - (formHeight > 0 ? formHeight + 1 : 0)
        let width = area.width - 4
        // Long lines wrap (a word longer than the line, the public key, over several lines); the whole status scrolls.
        let lines = model.lines.flatMap { wrap($0, width: width) }.map { (text: $0, attributes: CellAttributes.normal) }
        scroll.draw(lines, in: &canvas, rect: CanvasRect(row: top, column: left, height: max(1, bottom - top), width: width))
        var row = bottom + 1
        for line in model.formLines {
            canvas.put(line, row: row, column: left, attributes: .bold, clip: area)
            row += 1
        }
        if let input = model.input { canvas.putInput(canvas.echoing(input + "_", caret: "_"), row: row, column: left, clip: area) }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                              attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }

    /// Lines of at most `width` cells, split at spaces; a longer word is split over lines, never cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        let words = text.split(separator: " ").flatMap { word -> [String] in
            var rest = String(word)
            var parts: [String] = []
            while TextWidth.of(rest) > width {
                let head = TextWidth.prefix(rest, fitting: width)
                guard !head.isEmpty else { break }
                parts.append(head)
                rest = String(rest.dropFirst(head.count))
            }
            return parts + [rest]
        }
        return ShellOverlay.wrap(words.joined(separator: " "), width: width)
    }
}
