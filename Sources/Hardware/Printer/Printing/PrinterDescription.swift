/// A printer (a print queue) as the print system describes it: for the printers screen, `pos printers list` and
/// the status line.
public struct PrinterDescription: Hashable, Sendable {
    /// The queue name jobs are sent to.
    public var name: String
    /// A human description ("Kitchen thermal", the make and model), if the queue has one.
    public var info: String?
    /// Idle, printing or stopped.
    public var state: PrinterState
    /// The print system's reasons for the state (IPP `printer-state-reasons`, such as `media-empty-error`).
    public var stateReasons: [String]
    /// Whether the queue accepts new jobs.
    public var isAcceptingJobs: Bool
    /// Whether the queue passes bytes through unchanged (a raw queue: ESC/POS goes here).
    public var isRaw: Bool
    /// Whether this is the system's default printer.
    public var isDefault: Bool

    /// Creates a description.
    public init(
        name: String,
        info: String? = nil,
        state: PrinterState,
        stateReasons: [String] = [],
        isAcceptingJobs: Bool = true,
        isRaw: Bool,
        isDefault: Bool = false
    ) {
        self.name = name
        self.info = info
        self.state = state
        self.stateReasons = stateReasons
        self.isAcceptingJobs = isAcceptingJobs
        self.isRaw = isRaw
        self.isDefault = isDefault
    }

    /// Whether the printer reports that it is out of paper (`media-empty`, `media-needed`).
    public var isOutOfPaper: Bool {
        stateReasons.contains { $0.hasPrefix("media-empty") || $0.hasPrefix("media-needed") }
    }

    /// What keeps the printer from printing now, as the error a print would fail with; `nil` if it can print.
    public var problem: PrinterError? {
        if isOutOfPaper { return .outOfPaper(printer: name) }
        if state == .stopped {
            let reason = stateReasons.first { $0 != "none" && $0 != "paused" }
            return .printerStopped(printer: name, reason: reason)
        }
        if !isAcceptingJobs { return .notAcceptingJobs(printer: name) }
        return nil
    }
}

/// A printer's state (the IPP printer states).
public enum PrinterState: Hashable, Sendable {
    /// Ready, nothing printing.
    case idle
    /// Printing a job.
    case processing
    /// Stopped: by an operator or by an error.
    case stopped
}
