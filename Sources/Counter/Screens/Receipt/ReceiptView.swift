import Localization
import Yosemite
/// The screen after a sale: change to hand back, and printing.
@MainActor
public final class ReceiptView: CounterModule {
    public let interactor: ReceiptInteractor
    public private(set) var viewModel: ReceiptDataFlow.ViewModel
    private let presenter: ReceiptPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    /// A sale with more lines than the screen holds: ↑ ↓ PgUp PgDn Home End.
    private var scroll = ScrollRegion()

    init(interactor: ReceiptInteractor, presenter: ReceiptPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: ReceiptDataFlow.Response) {
        let next = presenter.viewModel(response)
        if next.title != viewModel.title || next.lines != viewModel.lines { scroll.reset() }
        viewModel = next
        setNeedsDisplay()
    }

    public var name: String { "receipt" }
    public var title: String { L10n.tr("receipt.title") }
    public var message: String? { viewModel.status }
    public var frameSummary: String {
        let state = interactor.response.isPrinting ? "printing" : interactor.response.printed != nil ? "printed"
            : interactor.response.error != nil ? "failed" : "idle"
        return "order=\(interactor.response.order.localNumber) print=\(state) scroll=\(scroll.summary)"
    }
    public var keyHints: [KeyHint] {
        if interactor.response.emailText != nil {
            return [KeyHint("Enter", L10n.tr("receipt.key.send")), KeyHint("Esc", L10n.tr("keys.cancel"))]
        }
        // The receipt was issued when the sale completed (printed when the register prints by itself): Enter goes on.
        return (scroll.canScroll ? [KeyHint("↑↓", L10n.tr("keys.scroll"))] : []) + [KeyHint("Enter", L10n.tr("receipt.key.nextSale")), KeyHint("F5", L10n.tr("receipt.key.print")),
                KeyHint("F6", L10n.tr("receipt.key.reprint")), KeyHint("F7", L10n.tr("receipt.key.saveToFile")),
                KeyHint("F8", L10n.tr("receipt.key.email"))]
    }

    public func start() {}

    public func handle(_ key: KeyEvent) {
        if interactor.response.emailText != nil {
            switch key {
            case .character(let character): interactor.handle(.typed(character))
            case .backspace: interactor.handle(.backspace)
            case .enter: interactor.handle(.emailSubmitted)
            case .escape: interactor.handle(.emailCancelled)
            default: break
            }
            return
        }
        if scroll.handle(key) {
            setNeedsDisplay()
            return
        }
        switch key {
        case .function(8): interactor.handle(.emailKeyPressed)
        case .function(5): interactor.handle(.printKeyPressed)
        case .function(6): interactor.handle(.reprintKeyPressed)
        case .function(7): interactor.handle(.printToFileKeyPressed)
        case .enter, .escape, .function(12): interactor.handle(.nextSaleKeyPressed)
        default: break
        }
    }

    /// A scan after a sale starts the next one with that item.
    public func handleScan(_ code: String) {
        interactor.handle(.nextSaleKeyPressed)
        interactor.context.router?.current.handleScan(code)
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model, its lines from the top; pure.
    public static func draw(_ model: ReceiptDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        var scroll = ScrollRegion()
        draw(model, scroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model with its lines scrolled by `scroll`; pure but for `scroll`.
    public static func draw(_ model: ReceiptDataFlow.ViewModel, scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 4
        var row = area.row + 1
        canvas.put(model.title, row: row, column: left, attributes: CellAttributes(role: .success, bold: true), clip: area)
        row += 2
        let room = max(0, area.height - 9)
        let width = model.card != nil ? area.width / 2 : area.right - left
        scroll.draw(model.lines.map { ($0, CellAttributes.normal) }, in: &canvas,
                    rect: CanvasRect(row: row, column: left, height: min(room, model.lines.count), width: max(0, width)))
        row += min(room, model.lines.count) + 1
        let label = ReceiptPresenter.label
        canvas.put(label(L10n.tr("receipt.total")) + model.total, row: row, column: left, attributes: .bold, clip: area)
        if let card = model.card {
            // The terminal's slip beside the totals, as far as it fits: moved right when the card's line is longer and
            // the slip still fits, else the card's line ends before it, with "…".
            var slipColumn = area.column + area.width / 2 + 4
            let slipWidth = model.slip.map { TextWidth.of($0) }.max() ?? 0
            let cardEnd = left + TextWidth.of(card) + 2
            if cardEnd > slipColumn, cardEnd + slipWidth <= area.right { slipColumn = cardEnd }
            let leftWidth = max(0, slipColumn - 2 - left)
            canvas.put(TextWidth.fitted(card, to: leftWidth), row: row + 1, column: left,
                       attributes: CellAttributes(role: .success, bold: true), clip: area)
            if model.tendered != model.change {
                canvas.put(TextWidth.fitted(label(L10n.tr("receipt.cash")) + model.tendered, to: leftWidth), row: row + 2,
                           column: left, clip: area)
            }
            for (offset, line) in model.slip.prefix(max(0, area.bottom - 2 - (area.row + 3))).enumerated() {
                canvas.put(line, row: area.row + 3 + offset, column: slipColumn, clip: area)
            }
        } else {
            canvas.put(label(L10n.tr("receipt.tendered")) + model.tendered, row: row + 1, column: left, clip: area)
            canvas.put(label(L10n.tr("receipt.change")) + model.change, row: row + 2, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        }
        if let prompt = model.prompt {
            canvas.putInput(prompt + "▏", row: area.bottom - 1, column: area.column + 1, attributes: .bold, clip: area)
        } else if let status = model.status {
            canvas.putMessage(status, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
