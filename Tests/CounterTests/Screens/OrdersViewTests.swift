import Localization
import Testing
import Yosemite
@testable import Counter

/// The orders view at the smallest terminal.
@MainActor
struct OrdersViewTests {
    @Test(arguments: [Language.english, .german])
    func refundQuestionAt80Columns_showsTheAmountAndBothKeys(language: Language) {
        // The German card refund question is 93 characters; drawn as an input line it lost its start, the amount
        L10n.withLanguage(language) {
            // Given the question for a large amount on a long order number
            let question = L10n.tr("orders.refund.confirm.card", ["amount": "1.234,56 €", "order": "12345"])
            let model = OrdersDataFlow.ViewModel(query: "", rows: [], detail: nil, empty: nil, message: nil, isError: false,
                                                 prompt: question, isQuestion: true)
            // When it is drawn on the 22 rows and 80 columns between the status and key lines of an 80×24 terminal
            var canvas = TextCanvas(size: TerminalSize(rows: 22, columns: 80))
            var scroll = ScrollRegion()
            OrdersView.draw(model, detailScroll: &scroll, in: &canvas, area: CanvasRect(row: 0, column: 0, height: 22, width: 80))
            // Then all of it shows, the amount, the order and both keys, on the last two rows
            let screen = canvas.rendered()
            let lastRows = screen.split(separator: "\n", omittingEmptySubsequences: false).suffix(3).joined(separator: " ")
            #expect(lastRows.contains("1.234,56 €") && lastRows.contains("12345"), "\(screen)")
            #expect(lastRows.contains(language == .german ? "Esc: behalten" : "Esc: keep"), "\(screen)")
            #expect(!screen.contains("…"), "\(screen)")
        }
    }
}
