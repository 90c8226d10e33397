/// Turns a ``ReceiptDocument`` into the bytes a printer, a file or a screen takes.
///
/// Conformers lay the document out with ``ReceiptLayout`` at the given width, so every output breaks lines the
/// same way. Encoding never fails: the document was validated when it was built or parsed, and text the output
/// cannot show is transliterated or replaced.
///
/// - ``PlainTextEncoder``: UTF-8 lines, for ordinary CUPS queues, the screen, files and tests.
/// - ``ESCPOSEncoder``: ESC/POS for thermal printers on a raw queue.
public protocol ReceiptEncoder: Sendable {
    /// Encodes a document laid out at a width in columns (32, 42, 48, or any width from 20 up).
    ///
    /// - Parameters:
    ///   - document: The receipt.
    ///   - width: Normal-size characters per line; under ``ReceiptLayout/minimumWidth`` counts as that minimum.
    /// - Returns: The bytes to print or store.
    func encode(_ document: ReceiptDocument, width: Int) -> [UInt8]
}
