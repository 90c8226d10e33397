import Localization
import Yosemite
/// The screen after a sale: change to hand back, and printing.
@MainActor
public final class ReceiptView: CounterModule {
    public let interactor: ReceiptInteractor
    public private(set) var viewModel: ReceiptDataFlow.ViewModel
    private let presenter: ReceiptPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: ReceiptInteractor, presenter: ReceiptPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: ReceiptDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "receipt" }
    public var title: String { L10n.tr("receipt.title") }
    public var frameSummary: String {
        let state = interactor.response.isPrinting ? "printing" : interactor.response.printed != nil ? "printed"
            : interactor.response.error != nil ? "failed" : "idle"
        return "order=\(interactor.response.order.localNumber) print=\(state)"
    }
    public var keyHints: [KeyHint] {
        if interactor.response.emailText != nil {
            return [KeyHint("Enter", L10n.tr("receipt.key.send")), KeyHint("Esc", L10n.tr("keys.cancel"))]
        }
        // The receipt was issued when the sale completed (printed when the register prints by itself): Enter goes on.
        return [KeyHint("Enter", L10n.tr("receipt.key.nextSale")), KeyHint("F5", L10n.tr("receipt.key.print")),
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
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: ReceiptDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 4
        var row = area.row + 1
        canvas.put(model.title, row: row, column: left, attributes: CellAttributes(role: .success, bold: true), clip: area)
        row += 2
        let room = max(0, area.height - 10)
        for line in model.lines.prefix(room) {
            canvas.put(line, row: row, column: left, clip: area)
            row += 1
        }
        if model.lines.count > room { canvas.put("…", row: row, column: left, clip: area); row += 1 }
        row += 1
        let label = ReceiptPresenter.label
        canvas.put(label(L10n.tr("receipt.total")) + model.total, row: row, column: left, attributes: .bold, clip: area)
        if let card = model.card {
            canvas.put(card, row: row + 1, column: left, attributes: CellAttributes(role: .success, bold: true), clip: area)
            if model.tendered != model.change {
                canvas.put(label(L10n.tr("receipt.cash")) + model.tendered, row: row + 2, column: left, clip: area)
            }
            // The terminal's slip beside the totals, as far as it fits.
            let slipColumn = area.column + area.width / 2 + 4
            for (offset, line) in model.slip.prefix(max(0, area.bottom - 2 - (area.row + 3))).enumerated() {
                canvas.put(line, row: area.row + 3 + offset, column: slipColumn, clip: area)
            }
        } else {
            canvas.put(label(L10n.tr("receipt.tendered")) + model.tendered, row: row + 1, column: left, clip: area)
            canvas.put(label(L10n.tr("receipt.change")) + model.change, row: row + 2, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        }
        if let prompt = model.prompt {
            canvas.put(prompt + "▏", row: area.bottom - 1, column: area.column + 1, attributes: .bold, clip: area)
        } else if let status = model.status {
            canvas.put(status, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
