import Foundation

/// Wires the TSE screen.
@MainActor
public enum FiscalBuilder {
    /// Builds the TSE screen.
    public static func build(context: CounterContext) -> FiscalView {
        let interactor = FiscalInteractor(context: context)
        let view = FiscalView(interactor: interactor, presenter: FiscalPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
