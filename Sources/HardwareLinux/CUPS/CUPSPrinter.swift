import CCups
import Foundation
import Hardware

/// A CUPS queue reached through libcups: raw ESC/POS to raw queues, text to ordinary ones, and the job followed
/// until it is completed, failed, or the timeout passes (then it is cancelled).
///
/// ```swift
/// let printer = CUPSPrinter(name: "thermal")
/// let result = try await printer.print(PrintJob(title: "Order 1042", data: bytes, format: .raw))
/// ```
public struct CUPSPrinter: ReceiptPrinter {
    /// The queue name; `nil` means the default printer.
    public var name: String?
    /// The scheduler (host, `host:port` or socket path); `nil` means libcups's default (`CUPS_SERVER`…).
    public var server: String?
    /// How long a job may take to complete.
    public var timeout: Duration
    /// How often the job's state is read while waiting.
    public var pollInterval: Duration

    /// Creates a printer for a queue.
    public init(name: String?, server: String? = nil, timeout: Duration = .seconds(30), pollInterval: Duration = .milliseconds(25)) {
        self.name = name
        self.server = server
        self.timeout = timeout
        self.pollInterval = pollInterval
    }

    /// Lists the queues of a scheduler with their states.
    public static func destinations(server: String? = nil) throws(PrinterError) -> [PrinterDescription] {
        try CUPSConnection(server: server).destinations()
    }

    public func status() async throws -> PrinterDescription {
        try describe()
    }

    /// The queue's description; unknown queue and unreachable scheduler are told apart.
    func describe() throws(PrinterError) -> PrinterDescription {
        let connection = try CUPSConnection(server: server)
        guard let description = connection.destination(named: name) else {
            // cupsGetNamedDest fails alike for "no such queue" and "scheduler gone"; the listing tells them apart.
            _ = try connection.destinations()
            throw .unknownPrinter(name ?? "")
        }
        return description
    }

    public func print(_ job: PrintJob) async throws -> PrintJobResult {
        let (queue, jobID) = try submit(job)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let state = try jobState(queue: queue, jobID: jobID)
            switch state {
            case .completed:
                return PrintJobResult(jobID: jobID, printerName: queue, state: .completed)
            case .aborted, .canceled:
                throw PrinterError.jobFailed(printer: queue, jobID: jobID, reason: stopReason(queue: queue))
            case .stopped:
                throw PrinterError.printerStopped(printer: queue, reason: stopReason(queue: queue))
            case .pending, .held, .processing:
                // A printer that stopped (a failing backend, "stop-printer" error policy) keeps the job pending:
                // cancel it, so it cannot come out later on top of a reprint, and say why.
                if let problem = try describe().problem {
                    cancel(queue: queue, jobID: jobID)
                    throw problem
                }
            }
            if clock.now >= deadline {
                cancel(queue: queue, jobID: jobID)
                throw PrinterError.timedOut(printer: queue, after: timeout)
            }
            try await clock.sleep(for: pollInterval)
        }
    }

    /// Creates the job and sends the document in one stretch of libcups calls.
    func submit(_ job: PrintJob) throws(PrinterError) -> (queue: String, jobID: Int) {
        let description = try describe()
        if let problem = description.problem { throw problem }
        let queue = description.name
        let connection = try CUPSConnection(server: server)
        var options: UnsafeMutablePointer<cups_option_t>?
        var count: Int32 = 0
        if job.copies > 1 { count = cupsAddOption("copies", String(job.copies), count, &options) }
        if job.format == .raw { count = cupsAddOption("raw", "true", count, &options) }
        defer { cupsFreeOptions(count, options) }
        let jobID = cupsCreateJob(connection.http, queue, job.title, count, options)
        guard jobID > 0 else { throw Self.submissionError(queue: queue) }
        guard cupsStartDocument(connection.http, queue, jobID, job.title, job.format.mimeType, 1) == HTTP_STATUS_CONTINUE
        else { throw Self.submissionError(queue: queue, jobID: Int(jobID)) }
        let written = job.data.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cupsWriteRequestData(connection.http, $0.baseAddress, $0.count) }
        }
        guard written == HTTP_STATUS_CONTINUE else { throw Self.submissionError(queue: queue, jobID: Int(jobID)) }
        let finished = cupsFinishDocument(connection.http, queue)
        guard finished.rawValue <= IPP_STATUS_OK_EVENTS_COMPLETE.rawValue else {
            throw Self.submissionError(queue: queue, jobID: Int(jobID))
        }
        return (queue, Int(jobID))
    }

    static func submissionError(queue: String, jobID: Int? = nil) -> PrinterError {
        guard let (status, text) = CUPSConnection.lastError() else {
            return .jobFailed(printer: queue, jobID: jobID, reason: nil)
        }
        switch status {
        case IPP_STATUS_ERROR_SERVICE_UNAVAILABLE: return .schedulerUnavailable
        case IPP_STATUS_ERROR_NOT_ACCEPTING_JOBS: return .notAcceptingJobs(printer: queue)
        case IPP_STATUS_ERROR_NOT_FOUND: return .unknownPrinter(queue)
        default: return .jobFailed(printer: queue, jobID: jobID, reason: text)
        }
    }
}

extension CUPSPrinter {
    /// The scheduler's default queue, or nil when it has none or cannot be reached.
    public static func defaultDestination(server: String? = nil) -> PrinterDescription? {
        try? CUPSPrinter(name: nil, server: server).describe()
    }
}
