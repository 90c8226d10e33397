import Hardware
import Storage

/// A printed (or failed and stored) receipt and the job that printed it.
public struct ReceiptPrintOutcome: Sendable {
    /// The receipt as stored after printing.
    public var receipt: ReceiptRecord
    /// The print job.
    public var job: PrintJobResult
    /// Problems with the merchant's templates, if any (the bundled template was used).
    public var warnings: [ReceiptTemplateError]
}
