import Yosemite
/// Wires the cash pay screen.
@MainActor
public enum PayBuilder {
    /// Builds the pay screen for a cart.
    public static func build(context: CounterContext, request: PayRequest) -> PayView {
        let interactor = PayInteractor(context: context, request: request)
        let view = PayView(interactor: interactor, presenter: PayPresenter(format: context.settings.moneyFormat),
                           setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
