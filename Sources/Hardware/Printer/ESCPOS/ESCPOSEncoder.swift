/// Encodes a receipt as ESC/POS for a thermal printer on a raw queue.
///
/// The stream starts with `ESC @` and `ESC t n` (the profile's code table), then prints each laid-out line with
/// the alignment (`ESC a`), emphasis (`ESC E`) and size (`GS !`) it needs, switching a mode only when it changes.
/// QR codes use the printer's own `GS ( k` (model 2); barcodes `GS k` function B with the text below; feeds
/// `ESC d`; cuts `ESC d` then `GS V`; drawer kicks `ESC p` with 100 ms pulses.
///
/// Text is sanitized and transliterated to the profile's code page *before* layout, so widths match what is
/// printed and every text byte is printable: no `ESC`, `GS` or other control byte from data can reach the printer
/// (``ESCPOSTokenizer`` checks this in the tests).
///
/// ```swift
/// let encoder = ESCPOSEncoder(profile: .generic80mm)
/// let bytes = encoder.encode(document)            // at the profile's 48 columns
/// ```
///
/// Related spec: see ``ESCPOSCommand``.
public struct ESCPOSEncoder: ReceiptEncoder {
    /// The printer the bytes are for.
    public var profile: PrinterProfile
    /// What a row does with a label too long for its line.
    public var rowOverflow: ReceiptLayout.RowOverflow

    /// Barcode bar height in dots (8 mm at 203 dpi).
    static let barcodeHeightDots: UInt8 = 64
    /// `ESC p` pulse on and off times in 2 ms units: 100 ms each.
    static let drawerPulse: UInt8 = 50

    /// Creates an encoder for a printer.
    public init(profile: PrinterProfile = .generic80mm, rowOverflow: ReceiptLayout.RowOverflow = .wrap) {
        self.profile = profile
        self.rowOverflow = rowOverflow
    }

    /// Encodes a document at the profile's column count.
    public func encode(_ document: ReceiptDocument) -> [UInt8] {
        encode(document, width: profile.columns)
    }

    public func encode(_ document: ReceiptDocument, width: Int) -> [UInt8] {
        tokens(for: document, width: width).flatMap(\.bytes)
    }

    /// The commands and text the document becomes, in order: what ``encode(_:width:)`` writes and
    /// ``ESCPOSTokenizer`` reads back.
    public func tokens(for document: ReceiptDocument, width: Int) -> [ESCPOSToken] {
        var layout = ReceiptLayout(width: width, rowOverflow: rowOverflow, ellipsis: "…")
        let codePage = profile.codePage
        layout.transform = { codePage.transliterate($0) }

        var writer = Writer(codePage: codePage)
        writer.tokens = [.command(.initialize), .command(.selectCodePage(codePage.number))]
        for item in layout.layout(document) {
            switch item {
            case .line(let line):
                writer.print(line)
            case .feed(let lines):
                writer.feed(lines)
            case .qrCode(let code):
                if profile.supportsQRCode && code.payload.utf8.count <= ReceiptQRCode.maximumPayloadBytes {
                    writer.qrCode(code)
                } else {
                    // No native QR: the payload as text, so the information is not lost.
                    let text = codePage.transliterate(ReceiptTextSanitizer.sanitizeLine(code.payload))
                    let style = ReceiptTextStyle(alignment: code.alignment)
                    for piece in ReceiptLayout.hardBreak(text, columns: layout.width) {
                        writer.print(ReceiptLayout.Line(text: piece, style: style, columns: layout.width))
                    }
                }
            case .barcode(let barcode):
                writer.barcode(barcode, moduleWidth: moduleWidth(for: barcode))
            case .cut(let mode):
                writer.feed(Int(profile.feedLinesBeforeCut))
                if profile.hasCutter { writer.emit(.cut(mode == .full ? .full : .partial)) }
            case .drawerKick(let pin):
                writer.emit(.drawerKick(pin: pin == .pin2 ? 0 : 1, onTime: Self.drawerPulse, offTime: Self.drawerPulse))
            }
        }
        return writer.tokens
    }

    /// The widest module (2–3 dots) at which the barcode, with its quiet zones, fits the paper; 1 if none does.
    func moduleWidth(for barcode: ReceiptBarcode) -> UInt8 {
        let modules: Int
        switch barcode.symbology {
        case .ean13:
            modules = 95 + 2 * 9
        case .code128:
            // Start, code set B characters ({ counted twice), check, stop, and 10-module quiet zones.
            let symbols = barcode.data.unicodeScalars.count + barcode.data.unicodeScalars.filter { $0 == "{" }.count
            modules = 11 * (symbols + 2) + 13 + 20
        }
        for width in stride(from: 3, through: 2, by: -1) where modules * width <= profile.dotsPerLine {
            return UInt8(width)
        }
        return 1
    }
}
