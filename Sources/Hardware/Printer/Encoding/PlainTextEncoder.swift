/// Encodes a receipt as UTF-8 text lines at a width: for ordinary CUPS queues, the screen, files and tests.
///
/// Styles that text cannot show are dropped (bold, double size: a double-size line keeps the full width).
/// Alignment is done with spaces; lines never carry trailing spaces. A QR code prints as `[QR: payload]`, a
/// barcode as `[EAN-13: digits]` or `[Code 128: data]`, both centered. A cut prints ``cutMarker`` if there is
/// one; a drawer kick prints nothing. Every line ends with `\n`.
///
/// ```swift
/// let text = PlainTextEncoder().render(document, width: 42)
/// ```
public struct PlainTextEncoder: ReceiptEncoder {
    /// What a row does with a label too long for its line.
    public var rowOverflow: ReceiptLayout.RowOverflow
    /// A line printed where the paper would be cut (for files holding several receipts); `nil` prints nothing.
    public var cutMarker: String?

    /// Creates an encoder.
    public init(rowOverflow: ReceiptLayout.RowOverflow = .wrap, cutMarker: String? = nil) {
        self.rowOverflow = rowOverflow
        self.cutMarker = cutMarker
    }

    public func encode(_ document: ReceiptDocument, width: Int) -> [UInt8] {
        Array(render(document, width: width).utf8)
    }

    /// The receipt as one string of `\n`-terminated lines.
    public func render(_ document: ReceiptDocument, width: Int) -> String {
        lines(document, width: width).map { $0 + "\n" }.joined()
    }

    /// The receipt as lines, without line terminators.
    public func lines(_ document: ReceiptDocument, width: Int) -> [String] {
        let layout = ReceiptLayout(width: width, rowOverflow: rowOverflow, halvesColumnsForDoubleWidth: false)
        let centered = ReceiptTextStyle(alignment: .center)
        var lines: [String] = []

        func appendCentered(_ text: String) {
            for piece in ReceiptLayout.wrap(text, columns: layout.width) {
                lines.append(ReceiptLayout.Line(text: piece, style: centered, columns: layout.width).padded())
            }
        }

        for item in layout.layout(document) {
            switch item {
            case .line(let line):
                lines.append(line.padded())
            case .feed(let count):
                lines.append(contentsOf: Array(repeating: "", count: count))
            case .qrCode(let code):
                appendCentered("[QR: " + ReceiptTextSanitizer.sanitizeLine(code.payload) + "]")
            case .barcode(let barcode):
                appendCentered("[\(barcode.symbology.displayName): \(barcode.data)]")
            case .cut:
                if let cutMarker {
                    lines.append(contentsOf: layout.layout(.text(cutMarker)).compactMap { item in
                        if case .line(let line) = item { line.padded() } else { nil }
                    })
                }
            case .drawerKick:
                break
            }
        }
        return lines
    }
}

extension ReceiptBarcode.Symbology {
    /// The symbology's name as printed on a text receipt: "EAN-13", "Code 128".
    public var displayName: String {
        switch self {
        case .ean13: "EAN-13"
        case .code128: "Code 128"
        }
    }
}
