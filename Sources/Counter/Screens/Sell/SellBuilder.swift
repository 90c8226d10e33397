import Yosemite
/// Wires the sell screen: interactor → presenter → view.
@MainActor
public enum SellBuilder {
    /// Builds the sell screen for a context.
    public static func build(context: CounterContext) -> SellView {
        let interactor = SellInteractor(context: context)
        let presenter = SellPresenter(format: context.settings.moneyFormat,
                                      pricesIncludeTax: context.settings.taxes.pricesIncludeTax)
        let view = SellView(interactor: interactor, presenter: presenter, setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        interactor.restore()
        return view
    }
}
