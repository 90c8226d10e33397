import SnapshotTesting
import Testing
@testable import Counter

struct ReadersPresenterTests {
    static func response() -> ReadersDataFlow.Response {
        var response = ReadersDataFlow.Response()
        response.add(ReadersDataFlow.Reader(address: "zvt+tcp://192.0.2.10:20007", name: "", source: "remembered"))
        response.add(ReadersDataFlow.Reader(address: "sim://", name: "Built-in simulator", source: "simulator"))
        response.add(ReadersDataFlow.Reader(address: "sim://", name: "again", source: "plugged in"))
        response.connected = "sim://"
        response.selected = 1
        return response
    }

    @Test func viewModel_readers_listsEachAddressOnceAndMarksTheConnectedOne() {
        // Given a remembered reader and the simulator, connected (listed twice by two sources)
        let response = Self.response()
        // When
        let model = ReadersPresenter().viewModel(response)
        // Then
        #expect(model.rows.count == 2)
        #expect(model.rows[1].isConnected)
        #expect(model.rows[1].isSelected)
        #expect(model.rows[1].text.hasSuffix("connected"))
        #expect(!model.rows[0].isConnected)
        #expect(model.unresolved == ["No unresolved card attempts."])
    }

    @Test func viewModel_busyWithoutMessage_saysItIsTalkingToTheReader() {
        var response = Self.response()
        response.isBusy = true
        #expect(ReadersPresenter().viewModel(response).message == "Talking to the reader…")
    }
}

/// The readers screen drawn on a canvas.
@Suite(.screenSnapshots)
@MainActor
struct ReadersViewSnapshotTests {
    @Test func readersView_withAnEndOfDayReport_matchesSnapshot() {
        var response = ReadersPresenterTests.response()
        response.unresolved = ["A1B2  sim://  4,00 €  order id 3"]
        response.report = ["Batch total 12,40 € — terminal 52500038", "END OF DAY", "girocard  3  12,40"]
        response.message = "End of day done."
        let model = ReadersPresenter().viewModel(response)
        var canvas = TextCanvas(size: TerminalSize(rows: 20, columns: 100))
        ReadersView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 18, width: 100))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "readers-end-of-day")
    }
}
