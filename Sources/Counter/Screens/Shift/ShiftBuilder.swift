import Yosemite
/// Wires the shift screen.
@MainActor
public enum ShiftBuilder {
    /// Builds the shift screen.
    public static func build(context: CounterContext) -> ShiftView {
        let interactor = ShiftInteractor(context: context)
        let view = ShiftView(interactor: interactor, presenter: ShiftPresenter(format: context.settings.moneyFormat),
                             setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
