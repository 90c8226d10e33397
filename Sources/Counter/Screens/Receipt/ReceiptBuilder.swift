import Yosemite

/// Wires the receipt screen.
@MainActor
public enum ReceiptBuilder {
    /// Builds the receipt screen for a sale.
    public static func build(context: CounterContext, sale: Sale) -> ReceiptView {
        build(context: context, response: ReceiptDataFlow.Response(sale: sale))
    }

    /// Builds the receipt screen for a card or split sale.
    public static func build(context: CounterContext, cardSale: CardSale) -> ReceiptView {
        build(context: context, response: ReceiptDataFlow.Response(cardSale: cardSale))
    }

    private static func build(context: CounterContext, response: ReceiptDataFlow.Response) -> ReceiptView {
        var response = response
        response.isDemo = context.stores.isDemo
        let interactor = ReceiptInteractor(context: context, response: response)
        let view = ReceiptView(interactor: interactor, presenter: ReceiptPresenter(format: context.settings.moneyFormat),
                               setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
