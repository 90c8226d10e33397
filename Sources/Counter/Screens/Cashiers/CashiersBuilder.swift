import Foundation

/// Wires the cashiers screen.
@MainActor
public enum CashiersBuilder {
    /// Builds the cashiers screen (Esc goes back to the menu).
    public static func build(context: CounterContext) -> CashiersView {
        let interactor = CashiersInteractor(context: context)
        let view = CashiersView(interactor: interactor, presenter: CashiersPresenter(),
                                setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
