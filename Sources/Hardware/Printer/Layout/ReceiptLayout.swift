/// Fits a ``ReceiptDocument`` to a paper width: sanitizes every text, word-wraps it by display width and turns
/// rows, rules and verbatim slips into lines that fit.
///
/// The layout is shared by every encoder, so a receipt breaks its lines the same way on the screen, in a text
/// file and on a thermal printer.
///
/// - Widths are counted in columns with ``DisplayWidth`` (wide characters and emoji 2, combining marks 0).
/// - Double-width text gets half the columns.
/// - Words longer than a line are broken hard; right-to-left text is kept in logical order, untouched.
/// - Control characters are removed first (``ReceiptTextSanitizer``), so nothing from data reaches a printer as a
///   command.
///
/// ```swift
/// let items = ReceiptLayout(width: 32).layout(document)
/// ```
///
/// ## Topics
/// - ``Item``
/// - ``Line``
/// - ``RowOverflow``
public struct ReceiptLayout: Sendable {
    /// The narrowest width a receipt is laid out at; narrower requests use this.
    public static let minimumWidth = 20

    /// The paper width in normal-size columns (at least ``minimumWidth``).
    public let width: Int
    /// What a row does with a label too long to sit beside its amount.
    public var rowOverflow: RowOverflow
    /// What ends a truncated label.
    public var ellipsis: String
    /// Whether double-width text gets half the columns (true on a printer; false for plain text, where every
    /// character is drawn at normal width).
    public var halvesColumnsForDoubleWidth: Bool
    /// Applied to every sanitized text before it is measured (an encoder's code page transliteration).
    var transform: @Sendable (String) -> String

    /// Creates a layout for a width in columns; widths under ``minimumWidth`` are raised to it.
    public init(
        width: Int,
        rowOverflow: RowOverflow = .wrap,
        ellipsis: String = "…",
        halvesColumnsForDoubleWidth: Bool = true
    ) {
        self.width = max(width, Self.minimumWidth)
        self.rowOverflow = rowOverflow
        self.ellipsis = ellipsis
        self.halvesColumnsForDoubleWidth = halvesColumnsForDoubleWidth
        self.transform = { $0 }
    }

    /// What a row does with a label too long to sit beside its amount.
    public enum RowOverflow: Hashable, Sendable {
        /// Wrap the label onto more lines; the amount stays on the first.
        case wrap
        /// Cut the label short and end it with the ``ReceiptLayout/ellipsis``.
        case truncate
    }

    /// One laid-out element: a line that fits, or a non-text element passed through.
    public enum Item: Hashable, Sendable {
        /// A line of text that fits its columns.
        case line(Line)
        /// Blank paper, in lines.
        case feed(lines: Int)
        /// A QR code; its payload is already free of control characters other than tab and line breaks.
        case qrCode(ReceiptQRCode)
        /// A barcode (validated when it was made).
        case barcode(ReceiptBarcode)
        /// A paper cut.
        case cut(ReceiptCutMode)
        /// A drawer kick.
        case drawerKick(ReceiptDrawerPin)
    }

    /// A line of text that fits in ``columns`` columns, with its style.
    public struct Line: Hashable, Sendable {
        /// The text, without the spaces alignment adds (rows come fully padded).
        public var text: String
        /// How it is printed; rows are always left-aligned.
        public var style: ReceiptTextStyle
        /// The columns available at this line's character width.
        public var columns: Int

        /// Creates a line.
        public init(text: String, style: ReceiptTextStyle, columns: Int) {
            self.text = text
            self.style = style
            self.columns = columns
        }

        /// The text with leading spaces that align it within ``columns``; never trailing spaces.
        public func padded() -> String {
            let free = max(columns - DisplayWidth.of(text), 0)
            switch style.alignment {
            case .left: return text
            case .center: return String(repeating: " ", count: free / 2) + text
            case .right: return String(repeating: " ", count: free) + text
            }
        }
    }

    // MARK: - Layout

    /// Lays out a whole document.
    public func layout(_ document: ReceiptDocument) -> [Item] {
        document.blocks.flatMap(layout)
    }

    /// Lays out one block.
    public func layout(_ block: ReceiptBlock) -> [Item] {
        switch block {
        case .text(let text, let style):
            let columns = columns(for: style)
            return ReceiptTextSanitizer.sanitizeLines(text).flatMap { line in
                Self.wrap(transform(line), columns: columns).map { text in
                    .line(Line(text: text, style: style, columns: columns))
                }
            }
        case .row(let label, let amount, let style):
            return rowLines(label: label, amount: amount, style: style).map { .line($0) }
        case .rule(let rule):
            let text = String(repeating: rule.character, count: width)
            return [.line(Line(text: text, style: .plain, columns: width))]
        case .feed(let lines):
            return [.feed(lines: max(lines, 1))]
        case .qrCode(var code):
            code.payload = Self.sanitizedPayload(code.payload)
            return [.qrCode(code)]
        case .barcode(let barcode):
            return [.barcode(barcode)]
        case .cut(let mode):
            return [.cut(mode)]
        case .drawerKick(let pin):
            return [.drawerKick(pin)]
        case .verbatim(let lines):
            return verbatimLines(lines).map { .line($0) }
        }
    }

    /// The columns available to text in a style: half the width for double-width text on a printer.
    public func columns(for style: ReceiptTextStyle) -> Int {
        halvesColumnsForDoubleWidth ? width / style.size.widthFactor : width
    }

    // MARK: - Verbatim and payloads

    private func verbatimLines(_ lines: [String]) -> [Line] {
        lines.flatMap { ReceiptTextSanitizer.sanitizeLines($0) }.flatMap { line -> [Line] in
            var text = transform(line)
            while text.last == " " { text.removeLast() }
            return Self.hardBreak(text, columns: width).map { Line(text: $0, style: .plain, columns: width) }
        }
    }

    /// A QR payload without control characters; tab, CR and LF stay because QR data is length-delimited.
    static func sanitizedPayload(_ payload: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in payload.unicodeScalars
        where !ReceiptTextSanitizer.isControl(scalar) || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
