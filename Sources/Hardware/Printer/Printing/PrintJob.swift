/// One document to print: the encoded bytes and what they are.
public struct PrintJob: Hashable, Sendable {
    /// The job's name in the print queue, such as "Order 1042" (never card data).
    public var title: String
    /// The encoded document.
    public var data: [UInt8]
    /// What the bytes are, so the print system passes them through or converts them.
    public var format: Format
    /// How many copies to print (at least 1).
    public var copies: Int

    /// Creates a job.
    public init(title: String, data: [UInt8], format: Format, copies: Int = 1) {
        self.title = title
        self.data = data
        self.format = format
        self.copies = max(copies, 1)
    }

    /// What a job's bytes are.
    public enum Format: Hashable, Sendable {
        /// Printer-ready bytes (ESC/POS) the print system must pass through unchanged
        /// (CUPS `application/vnd.cups-raw`).
        case raw
        /// UTF-8 text lines for an ordinary queue (CUPS `text/plain`).
        case plainText

        /// The MIME type CUPS knows the format by.
        public var mimeType: String {
            switch self {
            case .raw: "application/vnd.cups-raw"
            case .plainText: "text/plain"
            }
        }
    }
}

/// What became of a submitted ``PrintJob``.
public struct PrintJobResult: Hashable, Sendable {
    /// The print system's job number (CUPS job id); 0 where there is none (a file printer).
    public var jobID: Int
    /// The printer (queue) the job went to.
    public var printerName: String
    /// How far the job got when ``ReceiptPrinter/print(_:)`` returned.
    public var state: PrintJobState

    /// Creates a result.
    public init(jobID: Int, printerName: String, state: PrintJobState) {
        self.jobID = jobID
        self.printerName = printerName
        self.state = state
    }
}

/// The state of a print job, as the print system reports it (the IPP job states).
public enum PrintJobState: Hashable, Sendable {
    /// Waiting in the queue.
    case pending
    /// Held until released.
    case held
    /// Being printed.
    case processing
    /// The printer stopped while printing it.
    case stopped
    /// Cancelled by someone.
    case canceled
    /// Failed.
    case aborted
    /// Printed (or handed to the device completely).
    case completed

    /// Whether the job will not change any more.
    public var isFinal: Bool {
        switch self {
        case .canceled, .aborted, .completed: true
        case .pending, .held, .processing, .stopped: false
        }
    }
}
