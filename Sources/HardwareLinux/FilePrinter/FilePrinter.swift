import Foundation
import Hardware
import POSFoundation

/// A printer that writes each job into a folder: the fallback when there is no default printer, and the demo.
///
/// Raw jobs are written as `receipt-<n>.escpos`, text jobs as `receipt-<n>.txt`, with `<n>` counting up from the
/// files already there. The file is written completely before ``print(_:)`` returns.
public struct FilePrinter: ReceiptPrinter {
    /// The folder jobs are written to (created when missing).
    public var directory: URL
    /// Whether the printer takes raw ESC/POS (`.escpos` files) or text (`.txt` files).
    public var acceptsRaw: Bool
    /// The name shown in lists and stored with receipts.
    public var name: String

    /// Creates a file printer.
    public init(directory: URL, acceptsRaw: Bool = false, name: String? = nil) {
        self.directory = directory
        self.acceptsRaw = acceptsRaw
        self.name = name ?? "file:" + directory.path
    }

    public func status() async throws -> PrinterDescription {
        PrinterDescription(name: name, info: "Files in \(directory.path)", state: .idle, isRaw: acceptsRaw)
    }

    public func print(_ job: PrintJob) async throws -> PrintJobResult {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let number = existing.filter { $0.hasPrefix("receipt-") }.count + 1
            let suffix = job.format == .raw ? "escpos" : "txt"
            let padded = String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
            let url = directory.appendingPathComponent("receipt-\(padded).\(suffix)")
            let data = Data(job.data)
            var content = Data()
            for _ in 0..<job.copies { content.append(data) }
            try DurableFile.replace(url.path, with: content, permissions: 0o644)
            return PrintJobResult(jobID: number, printerName: name, state: .completed)
        } catch let error as DurableFileError {
            throw PrinterError.jobFailed(printer: name, jobID: nil, reason: error.description)
        } catch {
            throw PrinterError.jobFailed(printer: name, jobID: nil, reason: error.localizedDescription)
        }
    }
}
