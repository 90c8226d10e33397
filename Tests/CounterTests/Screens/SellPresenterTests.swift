import Localization
import POSFoundation
import Testing
import Yosemite
@testable import Counter

struct SellPresenterTests {
    /// The sell prompts' parser for the demo store (euros, written 1.234,56).
    private func parse(_ prompt: SellDataFlow.Prompt, _ text: String) -> SellPromptParser.Outcome {
        SellPromptParser.parse(prompt, text: text, currency: .eur, separators: .commaDecimalDotGrouping)
    }

    static let format = MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping)

    static func item(_ id: Int64, _ name: String, _ price: String) -> CatalogItem {
        .product(CatalogProduct(id: id, name: name, sku: "SKU-\(id)", price: try! ExactDecimal(parsing: price)))
    }

    static func response() -> SellDataFlow.Response {
        var response = SellDataFlow.Response(currency: .eur)
        response.lines = [
            SellDataFlow.Line(name: "Espresso", quantity: 2, code: "SKU-1", amount: Money(minorUnits: 440, currency: .eur),
                              subtotal: Money(minorUnits: 440, currency: .eur)),
            SellDataFlow.Line(name: "Croissant", quantity: 1, code: "SKU-7", amount: Money(minorUnits: 180, currency: .eur),
                              subtotal: Money(minorUnits: 180, currency: .eur)),
        ]
        response.selectedLine = 1
        return response
    }

    @Test func viewModel_pricedLines_showTheCalculatorsLineAmountsAndTheirSum() {
        // Given two lines as the checkout priced them, and no order totals yet
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

    @Test func viewModel_discountedLine_showsTheCalculatorsAmountNotPriceTimesQuantity() {
        // Given a line of 2 × 2,20 € that the calculator priced at 3,96 € after a 10 % line discount
        var response = Self.response()
        response.lines[0].amount = Money(minorUnits: 396, currency: .eur)
        // When
        let model = SellPresenter(format: Self.format, pricesIncludeTax: true).viewModel(response)
        // Then
        #expect(model.rows.map(\.amount) == ["3,96 €", "1,80 €"])
    }

    @Test func viewModel_lineNotPricedYet_showsAnEllipsis() {
        var response = Self.response()
        response.lines.append(SellDataFlow.Line(name: "Water", quantity: 1, code: "SKU-9"))
        let model = SellPresenter(format: Self.format, pricesIncludeTax: true).viewModel(response)
        #expect(model.rows.last?.amount == "…")
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
        #expect(parse(.discount, "10%") == .discount(.percent(PreciseAmount(decimalText: "10")!), label: "10%"))
        #expect(parse(.discount, "2,50") == .discount(.amount(PreciseAmount(decimalText: "2.50")!), label: "2.50"))
        #expect(parse(.discount, "") == .discount(nil, label: nil))
        if case .failure = parse(.quantity, "x") {} else { Issue.record("x is not a quantity") }
    }

    /// The prompt reads a discount and a coupon as `pos sell --discount`/`--coupon` does, so both fronts
    /// record the same cart for the same keys.
    @Test func parse_discountPrompt_inGerman_labelsWithTheGermanPercentAndDecimalComma() {
        L10n.withLanguage(.german) {
            #expect(parse(.discount, "10%") == .discount(.percent(PreciseAmount(decimalText: "10")!), label: "10 %"))
            #expect(parse(.discount, "12,5%") == .discount(.percent(PreciseAmount(micros: 12_500_000)), label: "12,5 %"))
            #expect(parse(.discount, "2.50") == .discount(.amount(PreciseAmount(decimalText: "2.50")!), label: "2,50"))
        }
    }

    @Test func parse_discountAndCouponPrompts_readAsTheCommandLineDoes() {
        // Given the demo store, which writes 1.234,56 € (``parse(_:_:)``)
        // When / Then: money the store's way or the other common one, the same value as the command line's parser
        guard case .discount(let grouped, _) = parse(.discount, "1.234,50") else {
            Issue.record("1.234,50 is an amount")
            return
        }
        #expect(grouped == .amount(PreciseAmount(micros: 1_234_500_000)))
        #expect(parse(.discount, "12,5%") == .discount(.percent(PreciseAmount(micros: 12_500_000)), label: "12.5%"))
        // "1.000" is a thousand or one with three decimals: refused, as on the command line
        if case .failure = parse(.discount, "1.000") {} else {
            Issue.record("1.000 is ambiguous in a store that groups thousands with a dot")
        }
        // more decimals than the currency has: refused
        if case .failure = parse(.discount, "0,505") {} else {
            Issue.record("0,505 € is too precise")
        }
        // and a coupon is kept as the cart keeps it whatever the front: trimmed, lower case
        #expect(parse(.coupon, " DEMO10 ") == .coupon("demo10"))
        #expect(parse(.coupon, "") == .coupon(nil))
    }

    @Test func parse_manualItemPrompt_readsPriceTaxClassAndName() {
        let price = PreciseAmount(decimalText: "3.50")!
        #expect(parse(.manualItem(code: "401"), "3,50")
            == .manualItem(Cart.Item(code: "401", manual: Cart.ManualItem(unitPrice: price, taxClass: "standard"))))
        #expect(parse(.manualItem(code: "401"), "3.50, reduced-rate, Rye bread")
            == .manualItem(Cart.Item(code: "401", manual: Cart.ManualItem(name: "Rye bread", unitPrice: price, taxClass: "reduced-rate"))))
        #expect(parse(.manualItem(code: "401"), "3,50; zero-rate")
            == .manualItem(Cart.Item(code: "401", manual: Cart.ManualItem(unitPrice: price, taxClass: "zero-rate"))))
        if case .failure = parse(.manualItem(code: "401"), "free") {} else { Issue.record("free is not a price") }
        // read as every front reads a typed amount (pos sell --manual too): "1.000" is ambiguous, 3,505 too precise
        if case .failure = parse(.manualItem(code: "401"), "1.000") {} else { Issue.record("1.000 is ambiguous") }
        if case .failure = parse(.manualItem(code: "401"), "3,505") {} else { Issue.record("3,505 € is too precise") }
        #expect(SellPresenter.label(.manualItem(code: "401")).hasPrefix("401 is not in the catalog. Manual item"))
        #expect(SellPresenter.label(.manualItem(code: "401", offline: true)).hasPrefix("401 is not in the catalog (offline). Manual item"))
    }
}
