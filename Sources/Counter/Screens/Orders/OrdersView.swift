import Localization

/// The order history: search, list, details, reprint.
@MainActor
public final class OrdersView: CounterModule {
    public let interactor: OrdersInteractor
    public private(set) var viewModel: OrdersDataFlow.ViewModel
    private let presenter: OrdersPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: OrdersInteractor, presenter: OrdersPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: OrdersDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "orders" }
    public var title: String { L10n.tr("orders.title") }
    /// Includes the refund prompt (`none`, `amount` while typing it, `question` before refunding), whether a refund
    /// runs, the message kind and how many listed orders are fully refunded, so a test awaits each refund step.
    public var frameSummary: String {
        let prompt = viewModel.prompt == nil ? "none" : viewModel.isQuestion ? "question" : "amount"
        let message = viewModel.message == nil ? "none" : viewModel.isError ? "error" : "info"
        return "orders=\(interactor.response.isLoading ? "loading" : String(viewModel.rows.count)) detail=\(viewModel.detail != nil)"
            + " refundPrompt=\(prompt) refunding=\(interactor.response.isRefunding) message=\(message)"
            + " refunded=\(viewModel.rows.filter { $0.refund == L10n.tr("orders.refund.full") }.count)"
            + (interactor.response.refundText.map { " refundTyped=\($0.count)" } ?? "")
    }
    public var keyHints: [KeyHint] {
        [KeyHint("↑↓", L10n.tr("orders.key.choose")), KeyHint("Enter", L10n.tr("orders.key.show")),
         KeyHint("F6", L10n.tr("receipt.key.reprint")), KeyHint("F7", L10n.tr("orders.key.refund")), KeyHint("Esc", L10n.tr("keys.back"))]
    }

    public func start() {
        interactor.load()
    }

    public func handle(_ key: KeyEvent) {
        switch key {
        case .character(let character): interactor.handle(.typed(character))
        case .backspace: interactor.handle(.backspace)
        case .up: interactor.handle(.selectionUp)
        case .down: interactor.handle(.selectionDown)
        case .enter: interactor.handle(.showKeyPressed)
        case .function(6): interactor.handle(.reprintKeyPressed)
        case .function(7): interactor.handle(.refundKeyPressed)
        case .escape, .function(9): interactor.handle(.backKeyPressed)
        default: break
        }
    }

    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: OrdersDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 1
        var column = canvas.put(L10n.tr("orders.search") + " ", row: area.row, column: left, attributes: .bold, clip: area)
        column = canvas.put(model.query, row: area.row, column: column, attributes: CellAttributes(role: .accent), clip: area)
        canvas.put("▏", row: area.row, column: column, attributes: CellAttributes(role: .accent), clip: area)
        let header = TextWidth.rightAligned(L10n.tr("orders.column.number"), in: 6) + "  "
            + TextWidth.padded(L10n.tr("orders.column.time"), to: 18) + TextWidth.padded(L10n.tr("orders.column.items"), to: 9)
            + TextWidth.rightAligned(L10n.tr("orders.column.total"), in: 11) + "  " + TextWidth.padded(L10n.tr("orders.column.tender"), to: 10)
            + TextWidth.padded(L10n.tr("orders.column.refund"), to: 10) + L10n.tr("orders.column.sync")
        canvas.put(header, row: area.row + 2, column: left, attributes: .bold, clip: area)
        let listHeight = max(0, area.height - 5 - (model.detail.map { $0.count + 1 } ?? 0))
        if let empty = model.empty {
            canvas.put(empty, row: area.row + 3, column: left, clip: area)
        }
        let selected = model.rows.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, selected - listHeight + 1)
        for (offset, row) in model.rows.dropFirst(first).prefix(listHeight).enumerated() {
            let text = TextWidth.rightAligned(row.number, in: 6) + "  " + TextWidth.padded(row.time, to: 18)
                + TextWidth.padded(row.items, to: 9) + TextWidth.rightAligned(row.total, in: 11) + "  "
                + TextWidth.padded(row.tender, to: 10) + TextWidth.padded(row.refund, to: 10) + row.sync
            canvas.put(TextWidth.padded(text, to: area.width - 2), row: area.row + 3 + offset, column: left,
                       attributes: row.isSelected ? .selection : .normal, clip: area)
        }
        if let detail = model.detail {
            var row = area.row + 3 + listHeight
            canvas.put(String(repeating: "─", count: area.width), row: row, column: area.column, clip: area)
            for line in detail {
                row += 1
                canvas.put(line, row: row, column: left + 2, clip: area)
            }
        }
        if let prompt = model.prompt {
            canvas.put(model.isQuestion ? prompt : prompt + "▏", row: area.bottom - 1, column: left, attributes: .bold, clip: area)
        } else if let message = model.message {
            canvas.put(message, row: area.bottom - 1, column: left,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
