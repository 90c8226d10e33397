import Yosemite
/// Wires the order history screen.
@MainActor
public enum OrdersBuilder {
    /// Builds the orders screen.
    public static func build(context: CounterContext) -> OrdersView {
        let interactor = OrdersInteractor(context: context)
        let view = OrdersView(interactor: interactor, presenter: OrdersPresenter(format: context.settings.moneyFormat, timeZone: context.stores.localTimeZone),
                              setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
