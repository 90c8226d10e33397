import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

struct PayCardPresenterTests {
    let presenter = PayCardPresenter(format: SellPresenterTests.format)

    static func response(cash: Int64? = nil) -> PayCardDataFlow.Response {
        PayCardDataFlow.Response(saleId: 7,
                                 total: Money(minorUnits: 1240, currency: .eur),
                                 cash: cash.map { Money(minorUnits: $0, currency: .eur) })
    }

    @Test func viewModel_waitingWithPrompts_showsTheLatestPromptAndCancel() {
        // Given the terminal has asked for the card, then the PIN
        var response = Self.response()
        response.phase = .waiting
        response.orderNumber = 7
        response.prompts = [CardPrompt(text: "Insert card"), CardPrompt(text: "Enter PIN")]
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.prompt == "Enter PIN")
        #expect(model.card == "12,40 €")
        #expect(model.order == "Sale 7 open")
        #expect(model.keyHints == [KeyHint("Esc/F10", "Cancel on the terminal")])
    }

    @Test func viewModel_declined_showsTheReasonAndOffersRetryAndCash() {
        var response = Self.response()
        response.phase = .declined(reason: "Not charged: the card was declined (05).", suggestion: "Try another card or take cash.")
        let model = presenter.viewModel(response)
        #expect(model.status == "Not charged: the card was declined (05).")
        #expect(model.detail == "Nothing was charged. Try another card or take cash.")
        #expect(model.role == .error)
        #expect(model.keyHints.map(\.key) == ["Enter", "F12", "Esc"])
    }

    @Test func viewModel_unknownOutcome_saysCheckTheTerminalAndNeverCharge() {
        var response = Self.response()
        response.phase = .unknown(reason: "no answer after the card was read")
        let model = presenter.viewModel(response)
        #expect(model.status.hasPrefix("Check the terminal"))
        #expect(model.detail?.contains("Do NOT charge again") == true)
        #expect(model.keyHints.map(\.key) == ["F8", "Esc"])
    }

    @Test func viewModel_splitTender_showsCashAndTheCardRest() {
        let model = presenter.viewModel(Self.response(cash: 1000))
        #expect(model.heading == "Split payment: cash and card")
        #expect(model.cash == "10,00 €")
        #expect(model.card == "2,40 €")
    }
}

/// The card pay screen drawn on a canvas.
@Suite(.screenSnapshots)
@MainActor
struct PayCardViewSnapshotTests {
    @Test func payCardView_declined_matchesSnapshot() {
        // Given a split payment the terminal declined after two prompts
        var response = PayCardPresenterTests.response(cash: 1000)
        response.orderNumber = 7
        response.prompts = [CardPrompt(text: "Insert card"), CardPrompt(text: "Enter PIN")]
        response.phase = .declined(reason: "Not charged: the card was declined (05).", suggestion: "Try another card or take cash.")
        let model = PayCardPresenter(format: SellPresenterTests.format).viewModel(response)
        // (The terminal's last text, from before the decline, is not shown beside the outcome.)
        #expect(model.prompt == nil)
        // When
        var canvas = TextCanvas(size: TerminalSize(rows: 18, columns: 80))
        PayCardView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 16, width: 80))
        // Then
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "paycard-declined")
    }
}
