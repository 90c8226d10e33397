import Localization

/// What the shell draws over the current screen: the F1 key list, the question before quitting with a cart, or
/// (below the smallest usable size) the "window too small" notice instead of any screen.
public enum ShellOverlay: Hashable, Sendable {
    /// F1: every key of the current screen, and the shell's own.
    case help
    /// Ctrl-Q with items in the cart: quit only after Enter.
    case confirmQuit(items: Int)
    /// Cashiers: sign-in, switch, idle lock or a manager's approval (``CashierGate/lines``).
    case cashier(lines: [String])
    /// ^E: the screen's last message whole, wrapped (on screen it is cut to one line).
    case message(String)

    /// The smallest terminal the counter lays out every screen and key in: the Linux console's 80×24.
    public static let minimumSize = TerminalSize(rows: 24, columns: 80)

    /// The shell's own keys, shown on every screen.
    public static var shellKeys: [KeyHint] { [KeyHint("F1", L10n.tr("keys.help")), KeyHint("^Q", L10n.tr("keys.quit"))] }

    /// True when `size` is below ``minimumSize`` in either direction.
    public static func isTooSmall(_ size: TerminalSize) -> Bool {
        size.columns < minimumSize.columns || size.rows < minimumSize.rows
    }

    /// Draws the "window too small" notice, wrapped to any width; pure.
    public static func drawTooSmall(size: TerminalSize, in canvas: inout TextCanvas) {
        let text = L10n.tr("shell.tooSmall", ["needed": "\(minimumSize.columns)×\(minimumSize.rows)",
                                              "size": "\(size.columns)×\(size.rows)"])
        let lines = wrap(text, width: max(1, size.columns - 2))
        let top = max(0, (size.rows - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < size.rows {
            canvas.put(line, row: top + index, column: min(1, max(0, size.columns - 1)),
                       attributes: CellAttributes(role: .error, bold: index == 0))
        }
    }

    /// Draws the overlay in a framed box in the middle of `area`; pure.
    public func draw(screenTitle: String, keys: [KeyHint], in canvas: inout TextCanvas, area: CanvasRect) {
        var lines: [String]
        switch self {
        case .help:
            let keyWidth = (keys + Self.shellKeys).map { TextWidth.of($0.key) }.max() ?? 2
            lines = [L10n.tr("shell.help.title", ["screen": screenTitle]), ""]
                + keys.map { TextWidth.padded($0.key, to: keyWidth) + "  " + $0.label }
                + [""] + Self.shellKeys.map { TextWidth.padded($0.key, to: keyWidth) + "  " + $0.label }
                + ["", L10n.tr("shell.help.close")]
            // At 80×24 a screen with many keys (Sell) fits only without the blank lines.
            if lines.count + 2 > area.height { lines.removeAll { $0.isEmpty } }
        case .cashier(let gateLines):
            lines = gateLines
        case .message(let text):
            lines = [L10n.tr("shell.message.title"), ""] + Self.wrap(text, width: max(10, area.width - 8))
                + ["", L10n.tr("shell.message.close")]
        case .confirmQuit(let items):
            lines = [L10n.plural("shell.quit.question", count: items), "",
                     L10n.tr("shell.quit.enter"), L10n.tr("shell.quit.escape")]
        }
        let width = min(area.width - 2, (lines.map(TextWidth.of).max() ?? 0) + 4)
        let height = min(area.height, lines.count + 2)
        let top = area.row + max(0, (area.height - height) / 2)
        let left = area.column + max(0, (area.width - width) / 2)
        let box = CanvasRect(row: top, column: left, height: height, width: width)
        canvas.fill(box, attributes: .normal)
        canvas.put("┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", row: top, column: left, clip: box)
        for index in 0..<max(0, height - 2) {
            let row = top + 1 + index
            canvas.put("│", row: row, column: left, clip: box)
            if index < lines.count {
                let text = TextWidth.fitted(lines[index], to: width - 4)
                canvas.put(text, row: row, column: left + 2, attributes: index == 0 ? .bold : .normal, clip: box)
            }
            canvas.put("│", row: row, column: left + width - 1, clip: box)
        }
        canvas.put("└" + String(repeating: "─", count: max(0, width - 2)) + "┘", row: top + height - 1, column: left,
                   clip: box)
    }

    /// Splits `text` into lines of at most `width` cells at spaces (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TextWidth.of(candidate) <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = TextWidth.prefix(String(word), fitting: width)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
