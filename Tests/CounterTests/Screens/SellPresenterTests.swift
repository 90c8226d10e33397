import POSFoundation
import Testing
import Yosemite
@testable import Counter

struct SellPresenterTests {
    static let format = MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping)

    static func item(_ id: Int64, _ name: String, _ price: String) -> CatalogItem {
        .product(CatalogProduct(id: id, name: name, sku: "SKU-\(id)", price: try! ExactDecimal(parsing: price)))
    }

    static func response() -> SellDataFlow.Response {
        var response = SellDataFlow.Response(currency: .eur)
        response.lines = [
            SellDataFlow.Line(item: item(1, "Espresso", "2.20"), quantity: 2, code: "SKU-1"),
            SellDataFlow.Line(item: item(7, "Croissant", "1.80"), quantity: 1, code: "SKU-7"),
        ]
        response.selectedLine = 1
        return response
    }

    @Test func viewModel_cartWithoutTotalsYet_showsLineAmountsAndTheirSum() {
        // Given two lines and no totals from Yosemite yet
        let presenter = SellPresenter(format: Self.format, pricesIncludeTax: true)
        // When
        let model = presenter.viewModel(Self.response())
        // Then
        #expect(model.rows.map(\.amount) == ["4,40 €", "1,80 €"])
        #expect(model.rows.map(\.isSelected) == [false, true])
        #expect(model.itemCount == "3 items")
        #expect(model.total == "6,20 €")
        #expect(model.discount == nil)
    }

    @Test func viewModel_couponDiscountAndCustomer_areListedAsAdjustments() {
        var response = Self.response()
        response.coupon = "demo10"
        response.customerId = 5
        let model = SellPresenter(format: Self.format, pricesIncludeTax: true).viewModel(response)
        #expect(model.adjustments == "Coupon DEMO10 · Customer #5")
    }

    @Test func viewModel_openPrompt_showsItsLabelAndText() {
        var response = Self.response()
        response.prompt = .quantity
        response.promptText = "3"
        let model = SellPresenter(format: Self.format, pricesIncludeTax: true).viewModel(response)
        #expect(model.prompt == "Quantity: 3")
    }

    @Test func parse_discountPrompt_readsPercentAndAmount() {
        #expect(SellPromptParser.parse(.discount, text: "10%") == .discount(.percent(PreciseAmount(decimalText: "10")!), label: "10%"))
        #expect(SellPromptParser.parse(.discount, text: "2,50") == .discount(.amount(PreciseAmount(decimalText: "2.50")!), label: "2.50"))
        #expect(SellPromptParser.parse(.discount, text: "") == .discount(nil, label: nil))
        if case .failure = SellPromptParser.parse(.quantity, text: "x") {} else { Issue.record("x is not a quantity") }
    }
}
