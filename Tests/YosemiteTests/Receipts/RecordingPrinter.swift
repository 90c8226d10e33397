import Hardware
import Synchronization
import Yosemite

/// A printer double that records jobs and fails while `failure` is set (as a stopped cupsd would).
final class RecordingPrinter: ReceiptPrinter {
    let jobs = Mutex<[PrintJob]>([])
    let failure = Mutex<PrinterError?>(nil)
    let raw: Bool

    init(raw: Bool = true) { self.raw = raw }

    func print(_ job: PrintJob) async throws -> PrintJobResult {
        if let failure = failure.withLock({ $0 }) { throw failure }
        let count = jobs.withLock { $0.append(job); return $0.count }
        return PrintJobResult(jobID: count, printerName: "thermal", state: .completed)
    }

    func status() async throws -> PrinterDescription {
        if let failure = failure.withLock({ $0 }) { throw failure }
        return PrinterDescription(name: "thermal", state: .idle, isRaw: raw)
    }

    var system: PrinterSystem {
        PrinterSystem(list: { [try await self.status()] }, printer: { _ in self })
    }
}
