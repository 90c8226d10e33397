import POSFoundation
import Yosemite

/// Wires the card pay screen.
@MainActor
public enum PayCardBuilder {
    /// Builds the card pay screen for a cart, with an optional cash part (split tender).
    public static func build(context: CounterContext, request: PayRequest, cash: Money?) -> PayCardView {
        let interactor = PayCardInteractor(context: context, request: request, cash: cash)
        let view = PayCardView(interactor: interactor, presenter: PayCardPresenter(format: context.settings.moneyFormat),
                               setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
