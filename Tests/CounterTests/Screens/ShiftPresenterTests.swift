import Foundation
import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The shift presenter by value, and the shift view as a text snapshot.
@Suite(.screenSnapshots)
@MainActor
struct ShiftPresenterTests {
    let format = SellPresenterTests.format

    static func report(counted: Int64?) -> ZReport {
        ZReport(
            shiftId: 3, cashier: "Ada", currency: .eur, openedAt: Date(timeIntervalSince1970: 0),
            closedAt: counted == nil ? nil : Date(timeIntervalSince1970: 3600), salesCount: 2, grossSales: 3220,
            tenders: [.init(tender: .cash, count: 1, amount: 220), .init(tender: .card, count: 1, amount: 3000),
                      .init(tender: .split, count: 0, amount: 0)],
            cashTaken: 220, cardTaken: 3000, refundCount: 0, refunds: 0, cashRefunds: 0,
            taxes: [.init(label: "VAT", ratePercent: "19.0000", amount: 514)], openingFloat: 10000, cashIn: 0,
            cashOut: 500, expectedCash: 9720, countedCash: counted, firstOrder: 1, lastOrder: 2
        )
    }

    @Test func viewModel_openShift_showsRunningTotalsAndShiftKeys() {
        // Given
        var response = ShiftDataFlow.Response()
        response.isLoaded = true
        response.open = ShiftStatus(shiftId: 3, report: Self.report(counted: nil))
        // When
        let model = ShiftPresenter(format: format).viewModel(response)
        // Then
        #expect(model.state == "open")
        #expect(model.headline.contains("Shift 3 open · Ada"))
        #expect(model.rows.contains(.init(label: "Expected cash", value: "97,20 €")))
        #expect(!model.rows.contains { $0.label == "Difference" })
        #expect(model.keyHints.map(\.key) == ["F3", "F4", "F5", "Esc"])
    }

    @Test func viewModel_reasonPrompt_showsAmountAndInput() {
        // Given
        var response = ShiftDataFlow.Response()
        response.prompt = .reason(cashIn: false, amount: "5")
        response.input = "bank"
        // When
        let model = ShiftPresenter(format: format).viewModel(response)
        // Then
        #expect(model.prompt == "Cash out 5, reason: bank▏")
        #expect(model.keyHints.map(\.key) == ["Enter", "Esc"])
    }

    @Test func shiftView_closedShift_matchesSnapshot() {
        // Given
        var response = ShiftDataFlow.Response()
        response.isLoaded = true
        response.closed = Self.report(counted: 9600)
        response.message = "Shift closed; Z report printed on files job 1."
        let model = ShiftPresenter(format: format).viewModel(response)
        #expect(model.rows.contains(.init(label: "Difference", value: "-1,20 €")))
        // When
        var canvas = TextCanvas(size: TerminalSize(rows: 28, columns: 80))
        ShiftView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 28, width: 80))
        // Then
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "shift-zreport")
    }
}
