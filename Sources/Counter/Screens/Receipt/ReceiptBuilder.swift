import Yosemite

/// Wires the receipt screen.
@MainActor
public enum ReceiptBuilder {
    /// Builds the receipt screen for a sale.
    public static func build(context: CounterContext, sale: Sale) -> ReceiptView {
        let interactor = ReceiptInteractor(context: context, sale: sale)
        let view = ReceiptView(interactor: interactor, presenter: ReceiptPresenter(format: context.settings.moneyFormat),
                               setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
