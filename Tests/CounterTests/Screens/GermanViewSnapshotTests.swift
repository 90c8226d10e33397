import Localization
import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The same views in German (for this task only: `L10n.withLanguage`), compared with the snapshots in
/// __Snapshots__/GermanViewSnapshotTests. The English ones in ViewSnapshotTests are unchanged by the catalog.
@Suite(.screenSnapshots)
@MainActor
struct GermanViewSnapshotTests {
    let size = TerminalSize(rows: 30, columns: 100)
    let format = SellPresenterTests.format

    @Test func sellView_german_cartKeysAndTotals() {
        L10n.withLanguage(.german) {
            // Given a cart with two lines
            let model = SellPresenter(format: format, pricesIncludeTax: true).viewModel(SellPresenterTests.response())
            // When
            var canvas = TextCanvas(size: size)
            SellView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 27, width: 100))
            let view = SellBuilderStub.keyHints
            StatusBarView.drawKeys(view, in: &canvas, row: 29)
            // Then
            assertSnapshot(of: canvas.rendered(), as: .screen, named: "sell-cart-de")
            #expect(model.itemCount.hasSuffix("Artikel"))
        }
    }

    @Test func payView_german_labelsLineUp() {
        L10n.withLanguage(.german) {
            var response = PayDataFlow.Response(total: Money(minorUnits: 620, currency: .eur))
            response.tenderedText = "10"
            response.tendered = Money(minorUnits: 1000, currency: .eur)
            let model = PayPresenter(format: format).viewModel(response)
            var canvas = TextCanvas(size: TerminalSize(rows: 16, columns: 100))
            PayView.draw(model, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 16, width: 100))
            assertSnapshot(of: canvas.rendered(), as: .screen, named: "pay-cash-de")
        }
    }

    @Test func statusBar_german_demoFacts() {
        L10n.withLanguage(.german) {
            let status = CounterStatus(mode: .demo, account: nil, store: ReceiptSamples.store, unsyncedEntries: 4,
                                       unresolvedPayments: 0)
            let model = StatusBarModel(status: status, appSettings: nil)
            var canvas = TextCanvas(size: TerminalSize(rows: 2, columns: 100))
            StatusBarView.draw(model, title: L10n.tr("sell.title"), in: &canvas, row: 0)
            StatusBarView.drawKeys(ShellOverlay.shellKeys, in: &canvas, row: 1)
            assertSnapshot(of: canvas.rendered(), as: .screen, named: "status-bar-demo-de")
        }
    }
}

/// The sell screen's keys without a live interactor (the view's `keyHints` are an instance property).
@MainActor
enum SellBuilderStub {
    static var keyHints: [KeyHint] {
        [KeyHint("F2", L10n.tr("sell.key.quantity")), KeyHint("F11", L10n.tr("sell.key.card")),
         KeyHint("F12", L10n.tr("sell.key.cash"))] + ShellOverlay.shellKeys
    }
}
