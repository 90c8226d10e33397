import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The printers presenter by value, and the printers view as a text snapshot.
@Suite(.screenSnapshots)
@MainActor
struct PrintersPresenterTests {
    static let folder = "/var/lib/pos/printed"

    static func response() -> PrintersDataFlow.Response {
        let queues = [
            PrintQueue(name: "kitchen", info: "Epson TM-T20III", state: .idle, isRaw: true, isDefault: true),
            PrintQueue(name: "front", state: .stopped, stateReasons: ["media-empty-error"], isRaw: true),
        ]
        var response = PrintersDataFlow.Response()
        response.isLoaded = true
        response.entries = PrintersInteractor.entries(queues: queues, fileFolder: folder)
        response.chosen = "kitchen"
        return response
    }

    @Test func entries_twoQueues_defaultFirstThenQueuesThenFiles() {
        // Given / When
        let entries = Self.response().entries
        // Then
        #expect(entries.map(\.name) == [nil, "kitchen", "front", "file:\(Self.folder)"])
        #expect(entries[0].label == "Default printer (kitchen)")
        #expect(entries[1].label == "kitchen — Epson TM-T20III")
    }

    @Test func viewModel_outOfPaperSelected_saysWhatToDo() {
        // Given
        var response = Self.response()
        response.selected = 2
        // When
        let model = PrintersPresenter().viewModel(response)
        // Then
        #expect(model.rows[2].state == "out of paper")
        #expect(model.rows[2].isProblem)
        #expect(model.rows[1].isChosen)
        #expect(model.headline == "Receipts print on: kitchen")
        #expect(model.problem?.contains("paper") == true)
    }

    @Test func viewModel_testPagePrintedAndFailed_describesTheJob() {
        // Given
        var response = Self.response()
        response.lastJob = .printed(PrintJobOutcome(jobID: 12, printerName: "kitchen", state: .completed))
        // When
        let printed = PrintersPresenter().viewModel(response)
        response.lastJob = .failed(message: "The printer front is unreachable.", whatToDo: "Check its cable and power.")
        let failed = PrintersPresenter().viewModel(response)
        // Then
        #expect(printed.lastJob == "Test page: job 12 on kitchen — completed")
        #expect(!printed.lastJobFailed)
        #expect(failed.lastJob == "Test page failed: The printer front is unreachable. Check its cable and power.")
        #expect(failed.lastJobFailed)
    }

    @Test func printersView_outOfPaperSelected_matchesSnapshot() {
        // Given
        var response = Self.response()
        response.selected = 2
        response.lastJob = .printed(PrintJobOutcome(jobID: 12, printerName: "kitchen", state: .completed))
        let model = PrintersPresenter().viewModel(response)
        // When
        var canvas = TextCanvas(size: TerminalSize(rows: 14, columns: 100))
        PrintersView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 14, width: 100))
        // Then
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "printers-out-of-paper")
    }
}
