import Hardware
import POSFoundation

/// A print queue as the printers screen shows it: Yosemite's value of Hardware's ``PrinterDescription``, for modules
/// that reach printers only through Yosemite (their members must be Yosemite's to be visible there).
public struct PrintQueue: Hashable, Sendable {
    /// Idle, printing or stopped.
    public enum State: Hashable, Sendable {
        /// Ready, nothing printing.
        case idle
        /// Printing a job.
        case processing
        /// Stopped: by an operator or by an error.
        case stopped
    }

    /// The queue name jobs are sent to.
    public var name: String
    /// A human description ("Kitchen thermal", the make and model), if the queue has one.
    public var info: String?
    public var state: State
    /// The print system's reasons for the state (IPP `printer-state-reasons`, such as `media-empty-error`).
    public var stateReasons: [String]
    /// Whether the queue accepts new jobs.
    public var isAcceptingJobs: Bool
    /// Whether the queue passes bytes through unchanged (a raw queue: ESC/POS goes here).
    public var isRaw: Bool
    /// Whether this is the system's default printer.
    public var isDefault: Bool

    public init(
        name: String, info: String? = nil, state: State, stateReasons: [String] = [], isAcceptingJobs: Bool = true,
        isRaw: Bool, isDefault: Bool = false
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
    public var problem: (any UserFacingError)? { description.problem }

    /// The queue as Hardware describes it (what ``problem`` is worked out from).
    private var description: PrinterDescription {
        let state: PrinterState = switch state {
        case .idle: .idle
        case .processing: .processing
        case .stopped: .stopped
        }
        return PrinterDescription(name: name, info: info, state: state, stateReasons: stateReasons,
                                  isAcceptingJobs: isAcceptingJobs, isRaw: isRaw, isDefault: isDefault)
    }

    init(_ description: PrinterDescription) {
        let state: State = switch description.state {
        case .idle: .idle
        case .processing: .processing
        case .stopped: .stopped
        }
        self.init(name: description.name, info: description.info, state: state, stateReasons: description.stateReasons,
                  isAcceptingJobs: description.isAcceptingJobs, isRaw: description.isRaw, isDefault: description.isDefault)
    }
}

/// What became of a print job: Yosemite's value of Hardware's ``PrintJobResult``.
public struct PrintJobOutcome: Hashable, Sendable {
    /// The print system's job number (CUPS job id); 0 where there is none (a file printer).
    public var jobID: Int
    /// The printer (queue) the job went to.
    public var printerName: String
    /// How far the job got when printing returned.
    public var state: PrintQueueJobState

    public init(jobID: Int, printerName: String, state: PrintQueueJobState) {
        self.jobID = jobID
        self.printerName = printerName
        self.state = state
    }

    init(_ result: PrintJobResult) {
        self.init(jobID: result.jobID, printerName: result.printerName, state: PrintQueueJobState(result.state))
    }
}

/// A print job's state, as the print system reports it (the IPP job states): Yosemite's value of Hardware's
/// ``PrintJobState``.
public enum PrintQueueJobState: Hashable, Sendable {
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

    init(_ state: PrintJobState) {
        self = switch state {
        case .pending: .pending
        case .held: .held
        case .processing: .processing
        case .stopped: .stopped
        case .canceled: .canceled
        case .aborted: .aborted
        case .completed: .completed
        }
    }
}
