extension TextCanvas {
    /// The key that shows a cut message whole (``putMessage(_:row:column:attributes:clip:)``).
    public static let wholeMessageKey = "^E"

    /// Draws an input line (a prompt, what was typed, the cursor): when it is wider than the room, its start is cut
    /// ("…") instead of its end, so what the cashier typed and the cursor always show.
    @discardableResult
    public mutating func putInput(_ text: String, row: Int, column: Int, attributes: CellAttributes = .normal,
                                  clip: CanvasRect) -> Int {
        let room = min(size.columns, clip.right) - column
        return put(TextWidth.tail(text, fitting: room), row: row, column: column, attributes: attributes, clip: clip)
    }

    /// Draws a screen's message on one line: when it is wider than the room it ends in "… ^E", the key the shell
    /// answers by showing the message whole, wrapped.
    @discardableResult
    public mutating func putMessage(_ text: String, row: Int, column: Int, attributes: CellAttributes = .normal,
                                    clip: CanvasRect) -> Int {
        let room = min(size.columns, clip.right) - column
        guard TextWidth.of(text) > room else { return put(text, row: row, column: column, attributes: attributes, clip: clip) }
        let suffix = "… " + Self.wholeMessageKey
        let cut = TextWidth.prefix(text, fitting: max(0, room - TextWidth.of(suffix)))
        return put(cut + suffix, row: row, column: column, attributes: attributes, clip: clip)
    }
}

extension TextWidth {
    /// The end of `text` that fits `width` cells, starting with "…" when something was cut.
    public static func tail(_ text: String, fitting width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var used = 1
        var kept: [Character] = []
        for character in text.reversed() {
            let cells = of(character)
            if used + cells > width { break }
            used += cells
            kept.append(character)
        }
        return "…" + String(kept.reversed())
    }
}
