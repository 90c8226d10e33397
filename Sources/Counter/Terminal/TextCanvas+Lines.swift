extension TextCanvas {
    /// The key that shows a cut message whole (``putMessage(_:row:column:attributes:clip:)``).
    public static let wholeMessageKey = "^E"

    /// The caret a text field draws after its text; the one that has the keyboard (the focused field) draws the
    /// held keys before it (``echoing(_:)``).
    public static let caret: Character = "▏"

    /// Draws an input line (a prompt, what was typed, the cursor): when it is wider than the room, its start is cut
    /// ("…") instead of its end, so what the cashier typed and the cursor always show. A line ending in the caret is
    /// the focused field: the held keys show before the caret (``echoing(_:)``).
    @discardableResult
    public mutating func putInput(_ text: String, row: Int, column: Int, attributes: CellAttributes = .normal,
                                  clip: CanvasRect) -> Int {
        let room = min(size.columns, clip.right) - column
        return put(TextWidth.tail(echoing(text), fitting: room), row: row, column: column, attributes: attributes, clip: clip)
    }

    /// The focused field's text with the held keys (``heldKeys``) before its caret, as if they were typed: `text`
    /// unchanged when it does not end in `caret` or nothing is held. Forms draw "_" as their caret. A field that
    /// masks what is typed (a password, a PIN) passes `mask`: it shows one per held key, never the key.
    public func echoing(_ text: String, caret: Character = Self.caret, mask: Character? = nil) -> String {
        guard !heldKeys.isEmpty, text.last == caret else { return text }
        let held = mask.map { String(repeating: $0, count: heldKeys.count) } ?? heldKeys
        return text.dropLast() + held + String(caret)
    }

    /// Draws `text` wrapped at spaces over at most `maxLines` rows of `width` cells, the last ending in "…" when it
    /// still does not fit, so a headline's or a problem's advice ("… (F2)", "`sudo systemctl start cups`") is not
    /// cut off at 80 columns. Returns the rows used (at least 1).
    @discardableResult
    public mutating func putWrapped(_ text: String, row: Int, column: Int, width: Int, maxLines: Int,
                                    attributes: CellAttributes = .normal, clip: CanvasRect) -> Int {
        let lines = Self.wrapped(text, width: width, maxLines: maxLines)
        for (offset, line) in lines.enumerated() {
            put(line, row: row + offset, column: column, attributes: attributes, clip: clip)
        }
        return max(1, lines.count)
    }

    /// Draws `text` as ``putWrapped(_:row:column:width:maxLines:attributes:clip:)`` does, its last line on `bottom`
    /// (a question or a problem above the rows below it). Returns the row of its first line.
    @discardableResult
    public mutating func putWrapped(_ text: String, endingAt bottom: Int, column: Int, width: Int, maxLines: Int,
                                    attributes: CellAttributes = .normal, clip: CanvasRect) -> Int {
        let top = bottom + 1 - max(1, Self.wrapped(text, width: width, maxLines: maxLines).count)
        putWrapped(text, row: top, column: column, width: width, maxLines: maxLines, attributes: attributes, clip: clip)
        return top
    }

    /// `text` in at most `maxLines` lines of `width` cells, the last ending in "…" when it still does not fit.
    private static func wrapped(_ text: String, width: Int, maxLines: Int) -> [String] {
        // Text that fits is kept as it is (wrapping would fold the double spaces between "Enter: …  Esc: …").
        var lines = TextWidth.of(text) <= width ? [text] : ShellOverlay.wrap(text, width: max(1, width))
        if lines.count > maxLines {
            let rest = lines[max(0, maxLines - 1)...].joined(separator: " ")
            lines = Array(lines.prefix(max(0, maxLines - 1))) + [TextWidth.fitted(rest, to: width)]
        }
        return lines
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
