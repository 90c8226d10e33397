import POSFoundation
import Testing
@testable import Counter

struct PayPresenterTests {
    let presenter = PayPresenter(format: MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping))

    @Test func viewModel_tenderedAboveTotal_showsTheChange() {
        // Given 6,20 € due and 10 € tendered
        var response = PayDataFlow.Response(total: Money(minorUnits: 620, currency: .eur))
        response.tenderedText = "10"
        response.tendered = Money(minorUnits: 1000, currency: .eur)
        // When
        let model = presenter.viewModel(response)
        // Then
        #expect(model.due == "6,20 €")
        #expect(model.change == "3,80 €")
        #expect(model.status == nil)
    }

    @Test func viewModel_tenderedBelowTotal_saysHowMuchIsShort() {
        var response = PayDataFlow.Response(total: Money(minorUnits: 620, currency: .eur))
        response.tenderedText = "5"
        response.tendered = Money(minorUnits: 500, currency: .eur)
        let model = presenter.viewModel(response)
        #expect(model.change == nil)
        #expect(model.status == "Short by 1,20 €")
        #expect(model.isError)
    }

    @Test func viewModel_nothingTyped_isTheExactAmount() {
        let model = presenter.viewModel(PayDataFlow.Response(total: Money(minorUnits: 620, currency: .eur)))
        #expect(model.tendered == "(exact)")
        #expect(model.change == "0,00 €")
    }
}
