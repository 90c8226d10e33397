import Foundation
import Localization
/// The sell screen: maps keys to requests and draws the view model — the cart on the left, search results on
/// the right while the cashier types, totals and messages at the bottom.
@MainActor
public final class SellView: CounterModule {
    public let interactor: SellInteractor
    /// The view model drawn.
    public private(set) var viewModel: SellDataFlow.ViewModel
    private let presenter: SellPresenter
    private let setNeedsDisplay: @MainActor () -> Void
    /// The receipt preview (^R) when it is taller than the cart's room: PgUp PgDn Home End (↑ ↓ choose a line).
    private var previewScroll = ScrollRegion()

    init(interactor: SellInteractor, presenter: SellPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    /// Whether every cart edit was saved, and whether a search ran, when the screen was last drawn (the frame log
    /// reports both).
    private var paintedSaved = true
    private var paintedSearching = false

    /// Shows a new state; also repaints when the cart's edits got saved without changing what is shown (attaching
    /// a customer whose name is already on screen), so the frame log says `saved=yes`, and when a search answered
    /// with the results already shown, so a frame says the results answer the query typed (no `searching=yes`).
    func display(_ response: SellDataFlow.Response) {
        let next = presenter.viewModel(response)
        let saved = interactor.isSaved
        let searching = interactor.isSearching
        guard next != viewModel || saved != paintedSaved || searching != paintedSearching else { return }
        viewModel = next
        paintedSaved = saved
        paintedSearching = searching
        setNeedsDisplay()
    }

    public var name: String { "sell" }
    /// "Sell", or "Sell · TRAINING" while the sale on screen is a training sale.
    public var title: String { interactor.response.training ? L10n.tr("sell.title.training") : L10n.tr("sell.title") }
    public var message: String? { viewModel.message?.text }
    public var frameSummary: String {
        let message = viewModel.message.map { $0.isError ? "error" : "info" } ?? "none"
        return "lines=\(viewModel.rows.count) items=\(viewModel.itemCount.split(separator: " ").first ?? "0")"
            + " total=\(viewModel.total.replacingOccurrences(of: " ", with: "")) results=\(viewModel.results.count)"
            + " prompt=\(viewModel.prompt != nil) message=\(message) saved=\(interactor.isSaved ? "yes" : "no")"
            + " preview=\(viewModel.preview != nil ? "yes" : "no")"
            + (interactor.isSearching ? " searching=yes" : "")
            + (interactor.response.customerId.map { " customer=\($0)" } ?? "")
            + (interactor.response.prompt != nil ? " typed=\(interactor.response.promptText.count)" : "")
    }
    public var keyHints: [KeyHint] {
        // Short labels, the pay keys last: the key line always keeps F11 Card and F12 Cash (80×24 included) and fills
        // the rest in this order as room allows (F1 lists them all; docs/counter.md has them in full).
        [KeyHint("F2", L10n.tr("sell.key.quantity")), KeyHint("F3", L10n.tr("sell.key.delete")),
         KeyHint("F4", L10n.tr("sell.key.discount")), KeyHint("F5", L10n.tr("sell.key.coupon")),
         KeyHint("F6", L10n.tr("sell.key.customer")), KeyHint("F7", L10n.tr("sell.key.menu")),
         KeyHint("F8", L10n.tr("sell.key.shift")), KeyHint("F9", L10n.tr("sell.key.orders")),
         KeyHint("F10", L10n.tr("sell.key.park")), KeyHint("^D", L10n.tr("sell.key.lineDiscount")),
         KeyHint("^O", L10n.tr("sell.key.noSale")), KeyHint("^R", L10n.tr("sell.key.preview")),
         KeyHint("F11", L10n.tr("sell.key.card")), KeyHint("F12", L10n.tr("sell.key.cash"))]
    }

    public func start() {
        display(interactor.response)
    }

    public func handle(_ key: KeyEvent) {
        if viewModel.preview != nil, previewScroll.handle(key, arrows: false) {
            setNeedsDisplay()
            return
        }
        let request: SellDataFlow.Request? = switch key {
        case .character(let character): .typed(character)
        case .backspace: .backspace
        case .enter: .enterPressed
        case .escape: .escapePressed
        case .up: .selectionUp
        case .down: .selectionDown
        case .delete, .function(3): .removeLineKeyPressed
        case .function(2): .quantityKeyPressed
        case .function(4): .discountKeyPressed
        case .function(5): .couponKeyPressed
        case .function(6): .customerKeyPressed
        case .function(9): .ordersKeyPressed
        case .function(8): .shiftKeyPressed
        case .function(7): .menuKeyPressed
        case .function(12), .control("p"): .payKeyPressed
        case .function(11): .payCardKeyPressed
        case .function(10): .parkKeyPressed
        case .control("d"): .lineDiscountKeyPressed
        case .control("o"): .noSaleKeyPressed
        case .control("r"): .previewKeyPressed
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    public func handleScan(_ code: String) {
        interactor.handle(.scanned(code))
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        if viewModel.preview == nil { previewScroll.reset() }
        Self.draw(viewModel, previewScroll: &previewScroll, in: &canvas, area: area)
    }

    /// Draws a view model, a preview from its top; pure, so snapshot tests call it.
    public static func draw(_ model: SellDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        var scroll = ScrollRegion()
        draw(model, previewScroll: &scroll, in: &canvas, area: area)
    }

    /// Draws a view model with the receipt preview scrolled by `previewScroll`; pure but for `previewScroll`.
    public static func draw(_ model: SellDataFlow.ViewModel, previewScroll: inout ScrollRegion, in canvas: inout TextCanvas,
                            area: CanvasRect) {
        guard area.height >= 6, area.width >= 40 else { return }
        let top = area.row, left = area.column, width = area.width
        var column = canvas.put(L10n.tr("sell.search") + " ", row: top, column: left, attributes: .bold, clip: area)
        // The search has the keyboard unless a prompt is open: only then does it show held keys as typed.
        let caret = String(TextCanvas.caret)
        let query = model.prompt == nil ? canvas.echoing(model.query + caret).dropLast() : Substring(model.query)
        column = canvas.put(String(query), row: top, column: column, attributes: CellAttributes(role: .accent), clip: area)
        canvas.put(caret, row: top, column: column, attributes: CellAttributes(role: .accent), clip: area)
        canvas.put(TextWidth.rightAligned(model.adjustments, in: max(0, width - column - 2)), row: top, column: column + 2,
                   attributes: CellAttributes(role: .accent), clip: area)
        canvas.put(String(repeating: "─", count: width), row: top + 1, column: left, clip: area)

        let listTop = top + 2, listBottom = area.bottom - 4
        let cartWidth = model.results.isEmpty ? width : width * 3 / 5
        if let preview = model.preview {
            drawPreview(preview, scroll: &previewScroll, in: &canvas, rect: CanvasRect(row: listTop, column: left, height: listBottom - listTop, width: width))
        } else {
            drawCart(model, in: &canvas, rect: CanvasRect(row: listTop, column: left, height: listBottom - listTop, width: cartWidth))
        }
        if !model.results.isEmpty {
            let rect = CanvasRect(row: listTop, column: left + cartWidth + 1, height: listBottom - listTop, width: width - cartWidth - 1)
            drawResults(model.results, title: model.resultsTitle, in: &canvas, rect: rect)
        }

        canvas.put(String(repeating: "─", count: width), row: area.bottom - 4, column: left, clip: area)
        var totals = "\(model.itemCount)   " + L10n.tr("sell.subtotal", ["amount": model.subtotal])
        if let discount = model.discount { totals += "   " + L10n.tr("sell.discount", ["amount": discount]) }
        totals += "   " + L10n.tr("sell.tax", ["amount": model.tax])
        canvas.put(totals, row: area.bottom - 3, column: left + 1, clip: area)
        let total = L10n.tr("sell.total", ["amount": model.total]) + " "
        canvas.put(total, row: area.bottom - 3, column: area.right - TextWidth.of(total),
                   attributes: CellAttributes(role: .accent, bold: true), clip: area)
        if let prompt = model.prompt {
            // Too wide with its hint: without it, so what it asks about is not cut off first.
            let room = min(canvas.size.columns, area.right) - (left + 1)
            let shown = TextWidth.of(canvas.echoing(prompt + "▏")) <= room ? prompt : model.promptWithoutHint ?? prompt
            canvas.putInput(shown + "▏", row: area.bottom - 1, column: left + 1, attributes: .bold, clip: area)
        } else if let message = model.message {
            canvas.putMessage(message.text, row: area.bottom - 1, column: left + 1,
                       attributes: CellAttributes(role: message.isError ? .error : .success, bold: true), clip: area)
        }
    }

    private static func drawCart(_ model: SellDataFlow.ViewModel, in canvas: inout TextCanvas, rect: CanvasRect) {
        let amountWidth = 12, quantityWidth = 5
        let nameWidth = max(4, rect.width - amountWidth - quantityWidth - 2)
        canvas.put(TextWidth.rightAligned(L10n.tr("sell.column.quantity"), in: quantityWidth) + "  "
                   + TextWidth.padded(L10n.tr("sell.column.item"), to: nameWidth)
                   + TextWidth.rightAligned(L10n.tr("sell.column.amount"), in: amountWidth - 1), row: rect.row, column: rect.column, attributes: .bold, clip: rect)
        if model.isEmpty {
            canvas.put("  " + L10n.tr("sell.empty"), row: rect.row + 2, column: rect.column, clip: rect)
            return
        }
        let visible = max(0, rect.height - 1)
        let selected = model.rows.firstIndex(where: \.isSelected) ?? model.rows.count - 1
        let first = max(0, min(selected - visible + 1, model.rows.count - visible))
        for (offset, row) in model.rows.dropFirst(max(0, first)).prefix(visible).enumerated() {
            let text = TextWidth.rightAligned(row.quantity, in: quantityWidth) + "  " + TextWidth.padded(row.name, to: nameWidth)
                + TextWidth.rightAligned(row.amount, in: amountWidth - 1)
            canvas.put(TextWidth.padded(text, to: rect.width), row: rect.row + 1 + offset, column: rect.column,
                       attributes: row.isSelected ? .selection : .normal, clip: rect)
        }
    }

    /// The receipt preview in a paper-wide column: the same text the printer gets.
    private static func drawPreview(_ lines: [String], scroll: inout ScrollRegion, in canvas: inout TextCanvas,
                                    rect: CanvasRect) {
        canvas.put(L10n.tr("sell.preview"), row: rect.row, column: rect.column,
                   attributes: .bold, clip: rect)
        let paper = min(rect.width - 4, (lines.map(TextWidth.of).max() ?? 0) + 2)
        let left = rect.column + max(0, (rect.width - paper) / 2)
        scroll.draw(lines.map { (TextWidth.padded(" " + $0, to: paper), CellAttributes.normal) }, in: &canvas,
                    rect: CanvasRect(row: rect.row + 1, column: left, height: max(0, rect.height - 1),
                                     width: min(paper + 1, rect.right - left)))
    }

    private static func drawResults(_ results: [SellDataFlow.ViewModel.Result], title: String, in canvas: inout TextCanvas,
                                    rect: CanvasRect) {
        canvas.put(title, row: rect.row, column: rect.column, attributes: .bold, clip: rect)
        let visible = max(0, rect.height - 1)
        let selected = results.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, selected - visible + 1)
        for (offset, result) in results.dropFirst(first).prefix(visible).enumerated() {
            let price = TextWidth.rightAligned(result.price, in: 10)
            let text = TextWidth.padded(result.name, to: max(0, rect.width - 10)) + price
            canvas.put(text, row: rect.row + 1 + offset, column: rect.column,
                       attributes: result.isSelected ? .selection : .normal, clip: rect)
        }
    }
}
