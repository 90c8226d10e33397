import Hardware

/// A receipt rendered from its template: the markup, the document, its text at a width, and any template
/// problem that made it fall back to the bundled template.
public struct RenderedReceipt: Sendable {
    /// The markup the template produced.
    public var markup: String
    /// The parsed document.
    public var document: ReceiptDocument
    /// Problems with the merchant's templates (the bundled template was used instead).
    public var warnings: [ReceiptTemplateError]

    /// The receipt as UTF-8 text lines at a width.
    public func text(width: Int) -> String {
        PlainTextEncoder(cutMarker: nil).render(document, width: width)
    }

    /// The receipt as ESC/POS for a printer profile at a width.
    public func escpos(width: Int, profile: PrinterProfile = .generic80mm) -> [UInt8] {
        ESCPOSEncoder(profile: profile).encode(document, width: width)
    }
}
