import Storage

/// A printed (or failed and stored) receipt and the job that printed it.
public struct ReceiptPrintOutcome: Sendable {
    /// The receipt as stored after printing.
    public var receipt: ReceiptRecord
    /// The print job.
    public var job: PrintJobOutcome
    /// Problems with the merchant's templates, if any (the bundled template was used).
    public var warnings: [ReceiptTemplateError]
    /// Whether the printer took the receipt's ESC/POS bytes (a receipt printer, whose drawer the bytes kick).
    public var raw: Bool = false
}

extension ReceiptRecord {
    /// The stored receipt's id (to print it), for modules that see only Yosemite.
    public var receiptID: Int64? { id }
}
