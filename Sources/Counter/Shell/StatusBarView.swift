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
        let parts = [
            model.storeName, model.connectivity,
            model.unsynced == 0 ? "all synced" : "\(model.unsynced) unsynced",
            "reader: \(model.reader)", "printer: \(model.printer)", "cashier: \(model.cashier)",
        ]
        let text = " " + parts.joined(separator: " │ ")
        let titleText = " \(title) "
        let room = max(0, width - column - TextWidth.of(titleText))
        canvas.put(TextWidth.prefix(text, fitting: room), row: row, column: column, attributes: CellAttributes(role: .status))
        canvas.put(titleText, row: row, column: width - TextWidth.of(titleText),
                   attributes: CellAttributes(role: .status, bold: true))
    }

    /// Draws the function keys in `row`.
    public static func drawKeys(_ hints: [KeyHint], in canvas: inout TextCanvas, row: Int) {
        let width = canvas.size.columns
        canvas.fill(CanvasRect(row: row, column: 0, height: 1, width: width), attributes: CellAttributes(role: .keyBar))
        var column = 0
        for hint in hints {
            let needed = TextWidth.of(hint.key) + TextWidth.of(hint.label) + 2
            if column + needed > width { break }
            column = canvas.put(hint.key, row: row, column: column, attributes: CellAttributes(role: .keyBar, bold: true))
            column = canvas.put(" \(hint.label) ", row: row, column: column, attributes: CellAttributes(role: .keyBar))
        }
    }
}
