import Localization
import POSFoundation
import Testing
import Yosemite
@testable import Counter

/// The sell screen's customer search, line discount, preview and no-sale keys, by value.
@MainActor
struct SellCounterExtrasTests {
    /// The sell prompts' parser for the demo store (euros, written 1.234,56).
    private func parse(_ prompt: SellDataFlow.Prompt, _ text: String) -> SellPromptParser.Outcome {
        SellPromptParser.parse(prompt, text: text, currency: .eur, separators: .commaDecimalDotGrouping)
    }

    private let presenter = SellPresenter(format: SellPresenterTests.format, pricesIncludeTax: true)

    @Test func viewModel_customerPrompt_listsMatchesWithTheirNumberAndDetail() {
        // Given the customer prompt open with two matches, the second chosen
        var response = SellPresenterTests.response()
        response.prompt = .customer
        response.promptText = "muster"
        response.customerResults = [
            CustomerSummary(id: 2, firstName: "Erika", lastName: "Mustermann", email: "erika@example.com"),
            CustomerSummary(id: 3, firstName: "Max", lastName: "Mustermann", phone: "+49 40 7654321"),
        ]
        response.selectedCustomer = 1
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.resultsTitle == "Customers (↑↓, Enter attaches)")
        #expect(model.results.map(\.name) == ["Erika Mustermann · erika@example.com", "Max Mustermann · +49 40 7654321"])
        #expect(model.results.map(\.price) == ["#2", "#3"])
        #expect(model.results.map(\.isSelected) == [false, true])
        #expect(model.prompt == "Customer (name, e-mail, phone or #number; Enter alone = guest): muster")
    }

    @Test func viewModel_attachedCustomerWithName_isNamedInTheAdjustments() {
        var response = SellPresenterTests.response()
        response.customerId = 2
        response.customerName = "Erika Mustermann"
        #expect(presenter.viewModel(response).adjustments == "Customer Erika Mustermann")
    }

    @Test func viewModel_lineWithItsOwnDiscount_saysSoInTheRow() {
        var response = SellPresenterTests.response()
        response.lines[0].discount = "10%"
        response.lines[0].amount = Money(minorUnits: 396, currency: .eur)
        let model = presenter.viewModel(response)
        #expect(model.rows[0].name == "Espresso (−10%)")
        #expect(model.rows[0].amount == "3,96 €")
    }

    @Test func viewModel_preview_showsTheReceiptFromTheScrollOffset() {
        var response = SellPresenterTests.response()
        response.preview = ["Demo Store", "PREVIEW - NOT PAID", "Espresso  4,40 €"]
        response.previewOffset = 1
        #expect(presenter.viewModel(response).preview == ["PREVIEW - NOT PAID", "Espresso  4,40 €"])
    }

    @Test func parse_lineDiscountPrompt_readsPercentAmountOrRemoves() {
        #expect(parse(.lineDiscount, "10%") == .lineDiscount(.percent(PreciseAmount(decimalText: "10")!), label: "10%"))
        #expect(parse(.lineDiscount, "0,50")
            == .lineDiscount(.amount(PreciseAmount(decimalText: "0.50")!), label: "0.50"))
        #expect(parse(.lineDiscount, "") == .lineDiscount(nil, label: nil))
        if case .failure = parse(.lineDiscount, "-5") {} else { Issue.record("-5 is not a discount") }
    }

    @Test(arguments: [Language.english, .german])
    func drawManualItemPrompt_at80Columns_keepsTheCodeInViewAndDropsTheHint(language: Language) {
        L10n.withLanguage(language) {
            // Given a scanned code the catalog lacks, and a price typed into the manual item's prompt
            var response = SellPresenterTests.response()
            response.prompt = .manualItem(code: "4006381333931")
            response.promptText = "3,50"
            let model = presenter.viewModel(response)

            // When drawn at 80 columns, and at 120
            @MainActor func line(columns: Int) -> String {
                var canvas = TextCanvas(size: TerminalSize(rows: 24, columns: columns))
                SellView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 22, width: columns))
                return canvas.rendered().split(separator: "\n", omittingEmptySubsequences: false)
                    .first { $0.contains("3,50▏") }.map(String.init) ?? ""
            }

            // Then at 80 the line starts with the code and keeps what was typed, without the format hint
            let narrow = line(columns: 80)
            #expect(narrow.hasPrefix(" " + L10n.tr("sell.prompt.manualItem.notInCatalog", ["code": "4006381333931"]) + ": 3,50▏"))
            // And where it fits, the hint is there
            #expect(line(columns: 120).contains(L10n.tr("sell.prompt.manualItem.format") + " 3,50▏"))
        }
    }

    @Test func drawPreview_replacesTheCartWithTheReceiptText() {
        var response = SellPresenterTests.response()
        response.preview = ["RECEIPT LINE ONE", "TOTAL EUR   6,20 €"]
        let model = presenter.viewModel(response)
        var canvas = TextCanvas(size: TerminalSize(rows: 24, columns: 80))
        SellView.draw(model, in: &canvas, area: CanvasRect(row: 1, column: 0, height: 22, width: 80))
        let text = canvas.rendered()
        #expect(text.contains("Receipt preview, not paid"))
        #expect(text.contains("TOTAL EUR   6,20 €"))
        #expect(!text.contains("Croissant"))
    }
}
