/// The small line-oriented text markup that receipt templates render to, and its parser.
///
/// Templates (Mustache) produce this markup; ``parse(_:)`` turns it into a ``ReceiptDocument``. Each line is one
/// of:
///
/// - **Text**: any line not starting with `@` is printed left-aligned and word-wrapped. An empty line is a blank
///   line. Leading spaces indent the first line.
/// - **Styled text**: style directives in front of the text, separated by spaces, each at most once:
///   `@left`, `@center`, `@right` (alignment), `@bold`, and one size of `@double` (2× wide and tall), `@tall`
///   (2× tall) or `@wide` (2× wide). `@center @bold @double Corner Shop`. A style line with no text is a blank
///   line.
/// - **Blocks**:
///   - `@row Label|Amount`: a two-column line; the label is wrapped, the amount never broken. The line is split at
///     the last `|`, so a label may contain `|`. `@bold` and a size may precede it: `@bold @double @row TOTAL|12.50`.
///   - `@rule` or `@rule -` (a rule of `-`), `@rule =` (a rule of `=`).
///   - `@feed` or `@feed 3`: blank lines (1–255).
///   - `@qr PAYLOAD`: a QR code, centered unless `@left` or `@right` precedes it.
///   - `@barcode ean13 4006381333931` (12 or 13 digits; the check digit is added or verified) or
///     `@barcode code128 R-2026-00042` (printable ASCII); centered unless an alignment precedes it.
///   - `@cut` or `@cut full`, `@cut partial`.
///   - `@drawer` or `@drawer 2`, `@drawer 5`: kick the cash drawer on that pin.
///   - `@verbatim`, then lines printed exactly as they are (the terminal's card slip), then `@end` alone on a line.
///   - `@# anything`: a comment, ignored.
///
/// **Escaping.** In text and in every argument, `@@` stands for one `@`, so a line that must start with `@`
/// is written `@@`. A single `@` anywhere but the start of a line is just an `@` (`info@shop.example`). Values
/// from data are inserted with ``escape(_:keepingLineBreaks:)``, which doubles `@` and removes control characters
/// and line breaks, so data can never become a directive: a product named `@cut` prints as `@cut`.
///
/// Lines end with `\n` or `\r\n`. A malformed directive throws ``ReceiptMarkupError`` naming the line number.
///
/// ```swift
/// let document = try ReceiptMarkup.parse("""
///     @center @bold @double Corner Shop
///     @rule
///     @row 2 x Espresso|5.00 €
///     @rule =
///     @bold @row Total|5.00 €
///     @qr https://shop.example/r/1042
///     @cut
///     """)
/// ```
///
/// ## Topics
/// - ``parse(_:)``
/// - ``escape(_:keepingLineBreaks:)``
/// - ``ReceiptMarkupError``
public enum ReceiptMarkup {
    /// Parses markup into a document.
    ///
    /// - Parameter markup: The rendered template.
    /// - Returns: The document, one block per text line or directive (verbatim lines are grouped in one block).
    /// - Throws: ``ReceiptMarkupError`` for the first malformed line, with its 1-based line number.
    public static func parse(_ markup: String) throws(ReceiptMarkupError) -> ReceiptDocument {
        var parser = ReceiptMarkupParser()
        return try parser.parse(markup)
    }

    /// Makes a value from data safe to insert anywhere in markup.
    ///
    /// Doubles every `@` (so the value can never start a directive) and removes control characters. Line breaks
    /// become spaces unless `keepingLineBreaks` is true, which suits a multi-line value printed as text or inside
    /// `@verbatim` (each of its lines is escaped, so none can be read as `@end` or as a directive). A scalar that
    /// would join the markup beside the value into one character goes too (``detached(_:)``).
    ///
    /// - Parameters:
    ///   - value: The text from data: a product name, a note, a card slip.
    ///   - keepingLineBreaks: Keep the value's line breaks (as `\n`).
    /// - Returns: The escaped text.
    public static func escape(_ value: String, keepingLineBreaks: Bool = false) -> String {
        let lines = ReceiptTextSanitizer.sanitizeLines(value)
        let joined = detached(keepingLineBreaks ? lines.joined(separator: "\n") : lines.joined(separator: " "))
        // Most text holds no `@`; the generic `replacing` searched it character by character all the same. An `@`
        // is doubled only where it is a character of its own, as the parser reads it (`@` with a combining mark is
        // another character).
        guard joined.utf8.contains(UInt8(ascii: "@")) else { return joined }
        var result = ""
        result.reserveCapacity(joined.utf8.count + 8)
        for character in joined {
            result.append(character)
            if character == "@" { result.append("@") }
        }
        return result
    }

    /// The value without the scalars at its ends that would join the template's text beside it into one character.
    ///
    /// The parser reads characters (grapheme clusters), and a combining mark or other extending scalar joins the
    /// character before it: a name starting with U+0329 after `@center ` made the space and the mark one character,
    /// so the line read as the unknown directive `center̩…` and the template broke (found by FuzzReceipt). A
    /// prepended scalar (U+0600…) at the end would join the `|` after a row's label the same way. Such a scalar
    /// has no character of its own to print.
    static func detached(_ value: String) -> String {
        var scalars = Substring(value).unicodeScalars
        guard let first = scalars.first, let last = scalars.last, !(first.isASCII && last.isASCII) else { return value }
        func joins(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Bool {
            var pair = String.UnicodeScalarView()
            pair.append(left)
            pair.append(right)
            return String(pair).count == 1
        }
        while let first = scalars.first, joins("x", first) { scalars.removeFirst() }
        while let last = scalars.last, joins(last, "x") { scalars.removeLast() }
        return String(scalars)
    }

    /// Undoes the escaping: every `@@` becomes `@` (pairs of `@` characters, from the left).
    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "@")) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasKeptAt = false
        for character in text {
            if character == "@", previousWasKeptAt {
                previousWasKeptAt = false
                continue
            }
            previousWasKeptAt = character == "@"
            result.append(character)
        }
        return result
    }
}
