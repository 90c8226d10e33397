/// A printer receipts are sent to: a CUPS queue, a file, or a test double.
///
/// The live implementation (CUPS, in HardwareLinux) submits the job and follows it until the printer has taken
/// it; ``print(_:)`` returns when the job is done or has been handed over, and throws ``PrinterError`` when it
/// cannot be. A failed print never loses the receipt: the caller stores the rendered receipt before printing and
/// can print it again.
///
/// ```swift
/// let bytes = ESCPOSEncoder(profile: .generic80mm).encode(receipt)
/// let result = try await printer.print(PrintJob(title: "Order 1042", data: bytes, format: .raw))
/// ```
///
/// ## Topics
/// - ``PrintJob``
/// - ``PrintJobResult``
/// - ``PrinterDescription``
/// - ``PrinterError``
public protocol ReceiptPrinter: Sendable {
    /// Sends a job to the printer and waits until it is printed or handed to the device.
    ///
    /// - Parameter job: The encoded receipt.
    /// - Returns: The job's identifier and how far it got.
    /// - Throws: ``PrinterError`` when the print system, the printer or the job fails, or the wait times out.
    func print(_ job: PrintJob) async throws -> PrintJobResult

    /// The printer's current state, for the status line and before printing.
    ///
    /// - Throws: ``PrinterError`` when the print system is unreachable or the printer is unknown.
    func status() async throws -> PrinterDescription
}
