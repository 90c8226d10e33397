import Foundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The sync presenter by value, and the sync view as a text snapshot.
@Suite(.screenSnapshots)
@MainActor
struct SyncPresenterTests {
    let presenter = SyncPresenter(timeZone: TimeZone(identifier: "UTC")!)

    static func item(_ id: Int64, order: Int64?, kind: String, state: String, attempts: Int, next: Date? = nil,
                     error: String? = nil, parked: String? = nil) -> OutboxItem {
        OutboxItem(id: id, orderId: order, kind: kind, state: state, attemptCount: attempts, nextAttemptAt: next,
                   lastError: error, parkedReason: parked)
    }

    static func response() -> SyncDataFlow.Response {
        var response = SyncDataFlow.Response()
        response.isLoaded = true
        response.items = [
            item(4, order: 2, kind: "createOrder", state: "pending", attempts: 2, next: Date(timeIntervalSince1970: 3723),
                 error: "The store could not be reached."),
            item(5, order: 3, kind: "createOrder", state: "parked", attempts: 1,
                 parked: "400 woocommerce_rest_invalid_coupon: Coupon \"SUMMER\" has expired."),
        ]
        return response
    }

    @Test func viewModel_pendingAndParked_countsThemAndShowsNextTry() {
        // Given / When
        let model = presenter.viewModel(Self.response())
        // Then
        #expect(model.headline == "1 pending · 1 parked")
        #expect(model.rows.map(\.next) == ["01:02:03", "parked"])
        #expect(model.rows[1].isParked)
        #expect(model.keyHints.map(\.key) == ["F2", "F5", "Esc"])
    }

    @Test func viewModel_parkedSelected_offersRetryAndShowsTheReason() {
        // Given
        var response = Self.response()
        response.selected = 1
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.keyHints.map(\.key) == ["F2", "F3", "F5", "Esc"])
        #expect(model.rows[1].detail?.contains("SUMMER") == true)
    }

    @Test func viewModel_demo_saysNothingToSync() {
        // Given
        var response = SyncDataFlow.Response()
        response.isLoaded = true
        response.isDemo = true
        response.summary = SyncSummary(lastError: "demo: nothing to sync")
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.headline.hasPrefix("demo: nothing to sync"))
        #expect(model.summary == "demo: nothing to sync")
        #expect(model.selected == nil)
    }

    @Test func viewModel_syncing_showsProgressInsteadOfTheMessage() {
        // Given
        var response = Self.response()
        response.isSyncing = true
        response.message = "old"
        response.isError = true
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.message?.hasPrefix("Syncing… 1 to send") == true)
        #expect(!model.isError)
    }

    @Test func syncView_parkedSelectedAfterASync_matchesSnapshot() {
        // Given
        var response = Self.response()
        response.selected = 1
        response.summary = SyncSummary(sent: 3, newlyParked: 1, parked: 1, remaining: 1, unreachable: false)
        let model = presenter.viewModel(response)
        // When
        var canvas = TextCanvas(size: TerminalSize(rows: 14, columns: 100))
        SyncView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 14, width: 100))
        // Then
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "sync-parked")
    }
}
