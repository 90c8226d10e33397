import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// Views drawn on a canvas and compared with the snapshots in __Snapshots__/ViewSnapshotTests.
@Suite(.screenSnapshots)
@MainActor
struct ViewSnapshotTests {
    let size = TerminalSize(rows: 30, columns: 100)
    let format = SellPresenterTests.format

    @Test func sellView_cartWithTwoLinesAndAMessage_matchesSnapshot() {
        // Given a cart with two lines and a scan error
        var response = SellPresenterTests.response()
        response.message = SellDataFlow.Message(
            text: "unknown barcode 4006381333000 — not in the catalog; sync the catalog or key the item", isError: true)
        let model = SellPresenter(format: format, pricesIncludeTax: true).viewModel(response)
        // When
        var canvas = TextCanvas(size: size)
        SellView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 28, width: 100))
        // Then
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "sell-cart")
    }

    @Test func sellView_searchResults_showBesideTheCart() {
        var response = SellPresenterTests.response()
        response.query = "cro"
        response.results = [SellPresenterTests.item(7, "Croissant", "1.80"), SellPresenterTests.item(8, "Croque 日本", "4.50")]
        let model = SellPresenter(format: format, pricesIncludeTax: true).viewModel(response)
        var canvas = TextCanvas(size: size)
        SellView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 28, width: 100))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "sell-search")
    }

    @Test func payView_withChange_matchesSnapshot() {
        var response = PayDataFlow.Response(total: Money(minorUnits: 620, currency: .eur))
        response.tenderedText = "10"
        response.tendered = Money(minorUnits: 1000, currency: .eur)
        let model = PayPresenter(format: format).viewModel(response)
        var canvas = TextCanvas(size: TerminalSize(rows: 16, columns: 100))
        PayView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 16, width: 100))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "pay-cash")
    }

    @Test func statusBar_demo_showsBannerAndEveryFact() {
        let model = StatusBarModel(storeName: "Demo Store", isDemo: true, connectivity: "no network (demo)", unsynced: 4,
                                   reader: "sim://", printer: "files", cashier: "demo")
        var canvas = TextCanvas(size: TerminalSize(rows: 2, columns: 100))
        StatusBarView.draw(model, title: "Sell", in: &canvas, row: 0)
        StatusBarView.drawKeys([KeyHint("F2", "Qty"), KeyHint("F12", "Pay cash")], in: &canvas, row: 1)
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "status-bar-demo")
    }
}
