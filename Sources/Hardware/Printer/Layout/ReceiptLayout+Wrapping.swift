// MARK: - Word wrap, hard breaks and two-column rows

extension ReceiptLayout {
    /// Word-wraps one line of sanitized text to a number of columns.
    ///
    /// Spaces between words are kept when they fit and dropped at a break; leading spaces indent the first line
    /// only; trailing spaces go. A word wider than the line is broken between characters. Always returns at least
    /// one line (an empty string for empty text).
    public static func wrap(_ text: String, columns: Int) -> [String] {
        let columns = max(columns, 1)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var pendingSpace = ""

        func flush() {
            if !current.isEmpty { lines.append(current) }
            current = ""
            currentWidth = 0
        }

        for (isSpace, run) in runs(of: text) {
            if isSpace {
                // Leading spaces indent only the first line; after a break they are dropped.
                pendingSpace = (current.isEmpty && !lines.isEmpty) ? "" : run
                continue
            }
            let wordWidth = DisplayWidth.of(run)
            let spaceWidth = DisplayWidth.of(pendingSpace)
            if currentWidth + spaceWidth + wordWidth <= columns {
                current += pendingSpace + run
                currentWidth += spaceWidth + wordWidth
            } else if wordWidth <= columns {
                flush()
                current = run
                currentWidth = wordWidth
            } else {
                flush()
                var pieces = hardBreak(run, columns: columns)
                current = pieces.removeLast()
                currentWidth = DisplayWidth.of(current)
                lines.append(contentsOf: pieces)
            }
            pendingSpace = ""
        }
        flush()
        return lines.isEmpty ? [""] : lines
    }

    /// Breaks text between characters into pieces no wider than `columns`, keeping every space.
    ///
    /// A wide character that would straddle the edge moves to the next piece. Always returns at least one piece.
    public static func hardBreak(_ text: String, columns: Int) -> [String] {
        let columns = max(columns, 2)
        var pieces: [String] = []
        var current = ""
        var currentWidth = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > columns {
                pieces.append(current)
                current = ""
                currentWidth = 0
            }
            current.append(character)
            currentWidth += characterWidth
        }
        pieces.append(current)
        return pieces
    }

    /// Splits text into alternating runs of spaces and non-spaces, in order.
    private static func runs(of text: String) -> [(isSpace: Bool, text: String)] {
        var runs: [(isSpace: Bool, text: String)] = []
        for character in text {
            // `asciiValue`, not `== " "`: comparing Characters takes the Unicode comparison for any non-ASCII one.
            let isSpace = character.asciiValue == 0x20
            if let last = runs.last, last.isSpace == isSpace {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((isSpace, String(character)))
            }
        }
        return runs
    }

    // MARK: - Rows

    /// The lines of a two-column row: the label fitted beside the amount, which is never broken or cut.
    func rowLines(label: String, amount: String, style: ReceiptTextStyle) -> [Line] {
        var style = style
        style.alignment = .left
        let columns = columns(for: style)
        let label = transform(ReceiptTextSanitizer.sanitizeLine(label)).trimmingSpaces()
        let amount = transform(ReceiptTextSanitizer.sanitizeLine(amount)).trimmingSpaces()
        let amountWidth = DisplayWidth.of(amount)

        func line(_ text: String) -> Line { Line(text: text, style: style, columns: columns) }

        // An amount with no room beside it: the label above, the amount right-aligned below.
        guard amountWidth + 2 <= columns else {
            let labelLines = label.isEmpty ? [] : Self.wrap(label, columns: columns).map(line)
            let amountLines = Self.hardBreak(amount, columns: columns).map { piece in
                line(String(repeating: " ", count: max(columns - DisplayWidth.of(piece), 0)) + piece)
            }
            return labelLines + amountLines
        }

        let labelColumns = columns - amountWidth - 1
        var labelLines: [String]
        switch rowOverflow {
        case .wrap:
            labelLines = Self.wrap(label, columns: labelColumns)
        case .truncate:
            labelLines = [truncate(label, columns: labelColumns)]
        }
        let first = labelLines.removeFirst()
        let gap = columns - DisplayWidth.of(first) - amountWidth
        return [line(first + String(repeating: " ", count: gap) + amount)] + labelLines.map(line)
    }

    /// Cuts text to fit `columns`, ending it with the ellipsis when anything was cut.
    func truncate(_ text: String, columns: Int) -> String {
        guard DisplayWidth.of(text) > columns else { return text }
        let ellipsis = transform(ellipsis)
        let room = columns - DisplayWidth.of(ellipsis)
        var result = ""
        var resultWidth = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if resultWidth + characterWidth > room { break }
            result.append(character)
            resultWidth += characterWidth
        }
        return result.trimmingSpaces() + ellipsis
    }
}

fileprivate extension String {
    /// The string without leading or trailing U+0020 spaces.
    func trimmingSpaces() -> String {
        guard let start = firstIndex(where: { $0.asciiValue != 0x20 }), let end = lastIndex(where: { $0.asciiValue != 0x20 })
        else { return "" }
        return String(self[start...end])
    }
}
