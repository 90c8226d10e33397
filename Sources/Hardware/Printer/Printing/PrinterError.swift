import POSFoundation

/// Why a receipt could not be printed, with what to do about it.
///
/// The sale and its receipt are saved before printing, so every recovery ends in "print again": a failed print
/// never loses a receipt.
public enum PrinterError: Error, Hashable, Sendable {
    /// The print system (cupsd) does not answer.
    case schedulerUnavailable
    /// No printer (queue) by that name.
    case unknownPrinter(String)
    /// The printer is stopped (by an operator or after an error); the print system's reason, if it gave one.
    case printerStopped(printer: String, reason: String?)
    /// The printer's queue refuses new jobs.
    case notAcceptingJobs(printer: String)
    /// The printer is out of paper.
    case outOfPaper(printer: String)
    /// The job was aborted or cancelled; the print system's reason, if it gave one.
    case jobFailed(printer: String, jobID: Int?, reason: String?)
    /// The job did not finish in time.
    case timedOut(printer: String, after: Duration)
}

extension PrinterError: UserFacingError {
    public var message: String {
        switch self {
        case .schedulerUnavailable:
            "The print system (CUPS) is not running."
        case .unknownPrinter(let name):
            "There is no printer called \"\(name)\"."
        case .printerStopped(let printer, let reason):
            "The printer \"\(printer)\" is stopped" + (reason.map { " (\($0))." } ?? ".")
        case .notAcceptingJobs(let printer):
            "The printer \"\(printer)\" is not accepting jobs."
        case .outOfPaper(let printer):
            "The printer \"\(printer)\" is out of paper."
        case .jobFailed(let printer, let jobID, let reason):
            "The print job" + (jobID.map { " \($0)" } ?? "") + " on \"\(printer)\" failed"
                + (reason.map { ": \($0)." } ?? ".")
        case .timedOut(let printer, let after):
            "The printer \"\(printer)\" did not finish the job within \(after.wholeSeconds) seconds."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .schedulerUnavailable:
            "Start it with `sudo systemctl start cups`, then print the receipt again from the order."
        case .unknownPrinter:
            "Choose an existing printer in Settings › Printers (`pos printers list` shows them), then print again."
        case .printerStopped(let printer, _):
            "Check the printer (power, cable, cover), then resume it with `cupsenable \(printer)` and print again."
        case .notAcceptingJobs(let printer):
            "Let it accept jobs with `cupsaccept \(printer)`, then print again."
        case .outOfPaper:
            "Put in a new paper roll and close the cover, then print the receipt again."
        case .jobFailed:
            "Check the printer and its cable, then print the receipt again; the receipt is saved."
        case .timedOut:
            "Check that the printer is on, connected and has paper; if nothing came out, print the receipt again."
        }
    }
}

extension Duration {
    /// The duration in whole seconds, rounded down.
    fileprivate var wholeSeconds: Int64 { components.seconds }
}
