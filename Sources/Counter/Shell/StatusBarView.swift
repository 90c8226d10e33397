import Localization
import POSFoundation

/// Draws the status line (top) and the function-key bar (bottom).
public enum StatusBarView {
    /// Draws the status line in `row` with the screen's title at the right.
    public static func draw(_ model: StatusBarModel, title: String, in canvas: inout TextCanvas, row: Int) {
        let width = canvas.size.columns
        canvas.fill(CanvasRect(row: row, column: 0, height: 1, width: width), attributes: CellAttributes(role: .status))
        var column = 0
        if model.isDemo {
            column = canvas.put(" DEMO ", row: row, column: 0, attributes: CellAttributes(role: .demo, bold: true))
        }
        if model.training {
            // Training is what the cashier must never miss: every sale now is practice.
            column = canvas.put(" " + L10n.tr("status.training") + " ", row: row, column: column,
                                attributes: CellAttributes(role: .demo, bold: true))
        }
        let titleText = " \(title) "
        let room = max(0, width - column - TextWidth.of(titleText))
        canvas.put(line(model, fitting: room), row: row, column: column, attributes: CellAttributes(role: .status))
        canvas.put(titleText, row: row, column: width - TextWidth.of(titleText),
                   attributes: CellAttributes(role: .status, bold: true))
    }

    /// The status text that fits in `width` cells: the store, online or not, what waits to sync, a reader that is
    /// busy or needs attention, and the cashier come first; the idle reader and the printer are left out when there
    /// is no room for them; the store's name is cut (with "…") last.
    static func line(_ model: StatusBarModel, fitting width: Int) -> String {
        let sync = model.isDemo ? L10n.plural("status.sync.demo", count: model.unsynced)
            : model.unsynced == 0 ? L10n.tr("status.sync.allSynced") : L10n.tr("status.sync.unsynced", ["count": String(model.unsynced)])
        // A reader that is busy or needs attention is news the cashier must see: it goes before the cashier.
        let readerNews = ReaderActivity.newsSuffixes.contains { model.reader.hasSuffix($0) }
        let reader = L10n.tr("status.reader", ["reader": model.reader])
        // A terminal plugged in is news too: the cashier sees it appear and disappear.
        let plugged = model.plugged.isEmpty ? [] : [L10n.tr("status.plugged", ["ids": model.plugged.joined(separator: ", ")])]
        let essential = [model.connectivity, sync] + (model.tseDown ? [L10n.tr("status.tseDown")] : []) + (readerNews ? [reader] : [])
            + plugged + [L10n.tr("status.cashier", ["cashier": model.cashier])]
        let printer = L10n.tr("status.printer", ["printer": model.printer]) + (model.lastPrintFailed ? " " + L10n.tr("status.printer.failed") : "")
        let optional = (readerNews ? [] : [reader]) + [printer]
        for count in stride(from: optional.count, through: 0, by: -1) {
            let text = " " + ([model.storeName] + essential + optional.prefix(count)).joined(separator: " │ ")
            if TextWidth.of(text) <= width { return text }
        }
        // Then the store's name is cut; in the demo, whose banner already says there is no network, that goes next.
        for facts in [essential] + (model.isDemo ? [Array(essential.dropFirst())] : []) {
            let rest = " │ " + facts.joined(separator: " │ ")
            let storeRoom = width - 1 - TextWidth.of(rest)
            if storeRoom >= 4 { return " " + TextWidth.fitted(model.storeName, to: storeRoom) + rest }
        }
        return TextWidth.fitted(" " + ([model.storeName] + essential).joined(separator: " │ "), to: width)
    }

    /// Draws the function keys in `row`; when they do not all fit, as many as fit and "F1 More" (F1 lists them all).
    public static func drawKeys(_ hints: [KeyHint], in canvas: inout TextCanvas, row: Int) {
        let width = canvas.size.columns
        canvas.fill(CanvasRect(row: row, column: 0, height: 1, width: width), attributes: CellAttributes(role: .keyBar))
        func cells(_ hint: KeyHint) -> Int { TextWidth.of(hint.key) + TextWidth.of(hint.label) + 2 }
        var shown = hints
        if hints.map(cells).reduce(0, +) > width {
            // The screen's last two keys (its main actions: Card and Cash, Back) and the shell's keys stay: Ctrl-Q,
            // and F1, which lists the ones left out; the others fill the room left, in order.
            let screenKeys = hints.filter { $0.key != "F1" && $0.key != "^Q" }
            let kept = Array(screenKeys.suffix(2))
            let tail = kept + hints.filter { $0.key == "^Q" } + [KeyHint("F1", L10n.tr("keys.more"))]
            shown = []
            var used = tail.map(cells).reduce(0, +)
            for hint in screenKeys.dropLast(kept.count) {
                if used + cells(hint) > width { break }
                used += cells(hint)
                shown.append(hint)
            }
            shown += tail
        }
        var column = 0
        for hint in shown {
            if column + cells(hint) > width { break }
            column = canvas.put(hint.key, row: row, column: column, attributes: CellAttributes(role: .keyBar, bold: true))
            column = canvas.put(" \(hint.label) ", row: row, column: column, attributes: CellAttributes(role: .keyBar))
        }
    }
}
