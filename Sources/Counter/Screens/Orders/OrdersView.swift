import Localization
import Yosemite

/// The order history: search, list, details, reprint.
@MainActor
public final class OrdersView: CounterModule {
    public let interactor: OrdersInteractor
    public private(set) var viewModel: OrdersDataFlow.ViewModel
    private let presenter: OrdersPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    /// An order's details taller than the room left under the list: PgUp PgDn Home End (↑ ↓ choose the order).
    private var detailScroll = ScrollRegion()

    init(interactor: OrdersInteractor, presenter: OrdersPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: OrdersDataFlow.Response) {
        let next = presenter.viewModel(response)
        if next.detail?.first != viewModel.detail?.first { detailScroll.reset() }
        viewModel = next
        setNeedsDisplay()
    }

    public var name: String { "orders" }
    public var title: String { L10n.tr("orders.title") }
    public var message: String? { viewModel.message }
    /// Includes the refund prompt (`none`, `amount` while typing it, `question` before refunding), whether a refund
    /// runs, the message kind and how many listed orders are fully refunded, so a test awaits each refund step.
    public var frameSummary: String {
        let prompt = viewModel.prompt == nil ? "none" : viewModel.isQuestion ? "question" : "amount"
        let message = viewModel.message == nil ? "none" : viewModel.isError ? "error" : "info"
        return "orders=\(interactor.response.isLoading ? "loading" : String(viewModel.rows.count)) detail=\(viewModel.detail != nil)"
            + " refundPrompt=\(prompt) refunding=\(interactor.response.isRefunding) message=\(message)"
            + " refunded=\(viewModel.rows.filter { $0.refund == L10n.tr("orders.refund.full") }.count)"
            + (interactor.response.refundText.map { " refundTyped=\($0.count)" } ?? "")
            + (interactor.response.refundDefault.map { " refundDefault=\($0.method)" } ?? "")
            + (viewModel.detail != nil ? " detailScroll=\(detailScroll.summary)" : "")
    }
    public var keyHints: [KeyHint] {
        [KeyHint("↑↓", L10n.tr("orders.key.choose")), KeyHint("Enter", L10n.tr("orders.key.show")),
         KeyHint("F6", L10n.tr("receipt.key.reprint")), KeyHint("F7", L10n.tr("orders.key.refund")), KeyHint("Esc", L10n.tr("keys.back"))]
    }

    public func start() {
        interactor.load()
    }

    public func handle(_ key: KeyEvent) {
        if viewModel.detail != nil, detailScroll.handle(key, arrows: false) {
            setNeedsDisplay()
            return
        }
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
        Self.draw(viewModel, detailScroll: &detailScroll, in: &canvas, area: area)
    }

    /// Draws a view model, details from their top; pure.
    public static func draw(_ model: OrdersDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        var scroll = ScrollRegion()
        draw(model, detailScroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model with its details scrolled by `detailScroll`; pure but for `detailScroll`.
    public static func draw(_ model: OrdersDataFlow.ViewModel, detailScroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        let left = area.column + 1
        var column = canvas.put(L10n.tr("orders.search") + " ", row: area.row, column: left, attributes: .bold, clip: area)
        // The search has the keyboard unless a prompt or question is open: only then does it show held keys as typed.
        let query = model.prompt == nil ? canvas.echoing(model.query + "▏").dropLast() : Substring(model.query)
        column = canvas.put(String(query), row: area.row, column: column, attributes: CellAttributes(role: .accent), clip: area)
        canvas.put("▏", row: area.row, column: column, attributes: CellAttributes(role: .accent), clip: area)
        let header = TextWidth.rightAligned(L10n.tr("orders.column.number"), in: 6) + "  "
            + TextWidth.padded(L10n.tr("orders.column.time"), to: 17) + TextWidth.padded(L10n.tr("orders.column.items"), to: 9)
            + TextWidth.rightAligned(L10n.tr("orders.column.total"), in: 11) + "  " + TextWidth.padded(L10n.tr("orders.column.tender"), to: 10)
            + TextWidth.padded(L10n.tr("orders.column.refund"), to: 11) + L10n.tr("orders.column.sync")
        canvas.put(header, row: area.row + 2, column: left, attributes: .bold, clip: area)
        // The list and an order's details share the rows between the header and the message line: the details
        // take what they need, leaving the list at least three rows; details that still do not fit scroll.
        let room = max(0, area.height - 5)
        let listHeight = model.detail.map { max(min(3, room), room - 1 - $0.count) } ?? room
        if let empty = model.empty {
            canvas.put(empty, row: area.row + 3, column: left, clip: area)
        }
        let selected = model.rows.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, selected - listHeight + 1)
        for (offset, row) in model.rows.dropFirst(first).prefix(listHeight).enumerated() {
            let text = TextWidth.rightAligned(row.number, in: 6) + "  " + TextWidth.padded(row.time, to: 17)
                + TextWidth.padded(row.items, to: 9) + TextWidth.rightAligned(row.total, in: 11) + "  "
                + TextWidth.padded(row.tender, to: 10) + TextWidth.padded(row.refund, to: 11) + row.sync
            canvas.put(TextWidth.padded(text, to: area.width - 2), row: area.row + 3 + offset, column: left,
                       attributes: row.isSelected ? .selection : .normal, clip: area)
        }
        if let detail = model.detail {
            let row = area.row + 3 + listHeight
            canvas.put(String(repeating: "─", count: area.width), row: row, column: area.column, clip: area)
            let rect = CanvasRect(row: row + 1, column: left + 2, height: max(0, room - listHeight - 1),
                                  width: max(0, area.right - left - 3))
            detailScroll.draw(detail.map { ($0, CellAttributes.normal) }, in: &canvas, rect: rect)
        }
        if let prompt = model.prompt, model.isQuestion {
            // A question is read, not typed into: over the spare row above when it is wider than the screen, never cut
            // at its start (at 80 columns that lost the amount: "…tellung 1 am Terminal auf die Karte erstatten?")
            canvas.putWrapped(prompt, endingAt: area.bottom - 1, column: left, width: area.right - left, maxLines: 2,
                              attributes: .bold, clip: area)
        } else if let prompt = model.prompt {
            canvas.putInput(prompt + "▏", row: area.bottom - 1, column: left, attributes: .bold, clip: area)
        } else if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: left,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
