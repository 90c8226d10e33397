/// Parses receipt markup line by line; the grammar is documented on ``ReceiptMarkup``.
struct ReceiptMarkupParser {
    var blocks: [ReceiptBlock] = []
    var verbatim: (startLine: Int, lines: [String])?

    /// The styles a line's prefix directives set, and which categories were given.
    struct Prefix {
        var style = ReceiptTextStyle.plain
        var alignment: String?
        var bold: String?
        var size: String?

        var given: [String] { [alignment, bold, size].compactMap { $0 } }
    }

    mutating func parse(_ markup: String) throws(ReceiptMarkupError) -> ReceiptDocument {
        blocks = []
        verbatim = nil
        for (index, rawLine) in Self.lines(of: markup).enumerated() {
            try parseLine(rawLine, number: index + 1)
        }
        if let verbatim {
            throw ReceiptMarkupError(line: verbatim.startLine, reason: .unterminatedVerbatim)
        }
        return ReceiptDocument(blocks)
    }

    /// The lines of the markup, split at `\n` or `\r\n`; a final line terminator adds no empty line.
    static func lines(of markup: String) -> [Substring] {
        // "\r\n" is one Character in Swift, so both terminators are matched as characters.
        var lines = markup.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        if markup.isEmpty { return [] }
        return lines
    }

    // MARK: - Lines

    private mutating func parseLine(_ line: Substring, number: Int) throws(ReceiptMarkupError) {
        if var open = verbatim {
            if line.trimmingTrailingSpaces() == "@end" {
                blocks.append(.verbatim(open.lines))
                verbatim = nil
            } else {
                open.lines.append(ReceiptMarkup.unescape(line))
                verbatim = open
            }
            return
        }
        guard Self.isDirective(line) else {
            blocks.append(.text(ReceiptMarkup.unescape(line)))
            return
        }
        var rest = line
        var prefix = Prefix()
        while Self.isDirective(rest) {
            let (name, argument) = Self.splitDirective(rest)
            if try apply(style: name, to: &prefix, line: number) {
                rest = argument
                continue
            }
            try parseBlock(name, argument: argument, prefix: prefix, line: number)
            return
        }
        blocks.append(.text(ReceiptMarkup.unescape(rest), style: prefix.style))
    }

    /// Whether a line (or the rest of one) starts with a directive: `@` followed by anything but `@`.
    private static func isDirective(_ text: Substring) -> Bool {
        guard text.first == "@" else { return false }
        return text.dropFirst().first != "@"
    }

    /// Splits `@name argument` into the name and the argument with the spaces before it removed.
    private static func splitDirective(_ text: Substring) -> (name: String, argument: Substring) {
        let body = text.dropFirst()
        if body.first == "#" { return ("#", body.dropFirst()) }
        let name = body.prefix { $0 != " " }
        let argument = body.dropFirst(name.count).drop { $0 == " " }
        return (String(name), argument)
    }

    // MARK: - Styles

    /// Applies a style directive to the prefix; returns false if the name is not a style.
    private func apply(style name: String, to prefix: inout Prefix, line: Int) throws(ReceiptMarkupError) -> Bool {
        switch name {
        case "left", "center", "right":
            guard prefix.alignment == nil else { throw ReceiptMarkupError(line: line, reason: .conflictingStyle(name)) }
            prefix.alignment = name
            prefix.style.alignment = name == "left" ? .left : name == "center" ? .center : .right
        case "bold":
            guard prefix.bold == nil else { throw ReceiptMarkupError(line: line, reason: .conflictingStyle(name)) }
            prefix.bold = name
            prefix.style.isBold = true
        case "double", "tall", "wide":
            guard prefix.size == nil else { throw ReceiptMarkupError(line: line, reason: .conflictingStyle(name)) }
            prefix.size = name
            prefix.style.size = name == "double" ? .double : name == "tall" ? .doubleHeight : .doubleWidth
        default:
            return false
        }
        return true
    }

    /// Throws if the prefix sets a style the block cannot take.
    func require(
        _ prefix: Prefix,
        allows allowed: Set<String>,
        for directive: String,
        line: Int
    ) throws(ReceiptMarkupError) {
        for style in prefix.given where !allowed.contains(style) {
            throw ReceiptMarkupError(line: line, reason: .styleNotApplicable(style: style, directive: directive))
        }
    }
}

extension Substring {
    /// The text without trailing U+0020 spaces.
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
