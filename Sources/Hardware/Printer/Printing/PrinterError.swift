import Localization
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
            L10n.tr("error.printer.schedulerUnavailable")
        case .unknownPrinter(let name):
            name.isEmpty ? L10n.tr("error.printer.noDefaultPrinter") : L10n.tr("error.printer.unknownPrinter", ["printer": name])
        case .printerStopped(let printer, let reason):
            reason.map { L10n.tr("error.printer.printerStopped.reason", ["printer": printer, "reason": $0]) }
                ?? L10n.tr("error.printer.printerStopped", ["printer": printer])
        case .notAcceptingJobs(let printer):
            L10n.tr("error.printer.notAcceptingJobs", ["printer": printer])
        case .outOfPaper(let printer):
            L10n.tr("error.printer.outOfPaper", ["printer": printer])
        case .jobFailed(let printer, let jobID, let reason):
            // The print system's reason is its own words, verbatim.
            L10n.tr("error.printer.jobFailed", ["job": jobID.map { " \($0)" } ?? "", "printer": printer])
                + (reason.map { ": \($0)." } ?? ".")
        case .timedOut(let printer, let after):
            L10n.tr("error.printer.timedOut", ["printer": printer, "seconds": String(after.wholeSeconds)])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .schedulerUnavailable: L10n.tr("error.printer.schedulerUnavailable.hint")
        case .unknownPrinter: L10n.tr("error.printer.unknownPrinter.hint")
        case .printerStopped(let printer, _): L10n.tr("error.printer.printerStopped.hint", ["printer": printer])
        case .notAcceptingJobs(let printer): L10n.tr("error.printer.notAcceptingJobs.hint", ["printer": printer])
        case .outOfPaper: L10n.tr("error.printer.outOfPaper.hint")
        case .jobFailed: L10n.tr("error.printer.jobFailed.hint")
        case .timedOut: L10n.tr("error.printer.timedOut.hint")
        }
    }
}

extension Duration {
    /// The duration in whole seconds, rounded down.
    fileprivate var wholeSeconds: Int64 { components.seconds }
}
