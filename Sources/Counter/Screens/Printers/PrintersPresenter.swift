
import Localization
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
            lastJob = L10n.tr("printers.testPage", ["job": "\(job.jobID)", "printer": job.printerName, "state": Self.jobState(job.state)])
        case .failed(let message, let whatToDo)?:
            lastJob = L10n.tr("printers.testPage.failed", ["error": "\(message) \(whatToDo)"])
        case nil:
            lastJob = nil
        }
        let chosen = response.chosen ?? L10n.tr("printers.theDefault")
        return PrintersDataFlow.ViewModel(
            headline: response.isLoaded ? L10n.tr("printers.headline", ["printer": chosen]) : L10n.tr("printers.looking"),
            rows: rows, selected: selected, problem: problem, lastJob: lastJob,
            lastJobFailed: { if case .failed? = response.lastJob { true } else { false } }(),
            message: response.isBusy ? L10n.tr("printers.printingTestPage") : response.message,
            keyHints: [KeyHint("Enter", L10n.tr("printers.key.use")), KeyHint("F2", L10n.tr("printers.key.testPage")),
                       KeyHint("F5", L10n.tr("sync.key.reload")), KeyHint("Esc", L10n.tr("keys.back"))])
    }

    /// "idle", "printing", "stopped: media-empty-error", "—" for entries without a queue.
    static func state(_ description: PrintQueue?) -> String {
        guard let description else { return "—" }
        if description.isOutOfPaper { return L10n.tr("printers.state.outOfPaper") }
        let base = switch description.state {
        case .idle: L10n.tr("printers.state.idle")
        case .processing: L10n.tr("printers.state.printing")
        case .stopped: L10n.tr("printers.state.stopped")
        }
        // CUPS's state reasons ("media-empty-error") are its own keywords and stay as they are.
        let reasons = description.stateReasons.filter { $0 != "none" }
        let accepting = description.isAcceptingJobs ? "" : ", " + L10n.tr("printers.state.notAccepting")
        return base + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", ")) + accepting
            + (description.isDefault ? " " + L10n.tr("printers.state.default") : "")
    }

    static func jobState(_ state: PrintQueueJobState) -> String {
        switch state {
        case .pending: L10n.tr("printers.job.pending")
        case .held: L10n.tr("printers.job.held")
        case .processing: L10n.tr("printers.state.printing")
        case .stopped: L10n.tr("printers.job.stopped")
        case .canceled: L10n.tr("printers.job.cancelled")
        case .aborted: L10n.tr("printers.job.aborted")
        case .completed: L10n.tr("printers.job.completed")
        }
    }
}
