
import POSFoundation
import Yosemite

/// Turns the printers state into strings. Pure.
public struct PrintersPresenter: Sendable {
    /// Creates a presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: PrintersDataFlow.Response) -> PrintersDataFlow.ViewModel {
        let rows = response.entries.map { entry in
            PrintersDataFlow.ViewModel.Row(
                label: entry.label, state: Self.state(entry.description), isChosen: entry.name == response.chosen,
                isProblem: entry.description?.problem != nil)
        }
        let selected = rows.isEmpty ? nil : min(response.selected, rows.count - 1)
        var problem: String?
        if let selected, let error = response.entries[selected].description?.problem {
            problem = "\(error.message) \(error.recoverySuggestion)"
        } else if let listError = response.listError {
            problem = listError
        }
        let lastJob: String?
        switch response.lastJob {
        case .printed(let job)?:
            lastJob = "Test page: job \(job.jobID) on \(job.printerName) — \(Self.jobState(job.state))"
        case .failed(let message, let whatToDo)?:
            lastJob = "Test page failed: \(message) \(whatToDo)"
        case nil:
            lastJob = nil
        }
        let chosen = response.chosen ?? "the default printer"
        return PrintersDataFlow.ViewModel(
            headline: response.isLoaded ? "Receipts print on: \(chosen)" : "Looking for printers…",
            rows: rows, selected: selected, problem: problem, lastJob: lastJob,
            lastJobFailed: { if case .failed? = response.lastJob { true } else { false } }(),
            message: response.isBusy ? "Printing a test page…" : response.message,
            keyHints: [KeyHint("Enter", "Use for receipts"), KeyHint("F2", "Test page"), KeyHint("F5", "Reload"),
                       KeyHint("Esc", "Back")])
    }

    /// "idle", "printing", "stopped: media-empty-error", "—" for entries without a queue.
    static func state(_ description: PrintQueue?) -> String {
        guard let description else { return "—" }
        if description.isOutOfPaper { return "out of paper" }
        let base = switch description.state {
        case .idle: "idle"
        case .processing: "printing"
        case .stopped: "stopped"
        }
        let reasons = description.stateReasons.filter { $0 != "none" }
        let accepting = description.isAcceptingJobs ? "" : ", not accepting jobs"
        return base + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", ")) + accepting
            + (description.isDefault ? " (default)" : "")
    }

    static func jobState(_ state: PrintQueueJobState) -> String {
        switch state {
        case .pending: "queued"
        case .held: "held in the queue"
        case .processing: "printing"
        case .stopped: "stopped by the printer"
        case .canceled: "cancelled"
        case .aborted: "aborted"
        case .completed: "completed"
        }
    }
}
