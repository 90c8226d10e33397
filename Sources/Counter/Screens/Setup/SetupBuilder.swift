import Foundation

/// Wires the first run's set-up screen.
@MainActor
public enum SetupBuilder {
    /// Builds the set-up screen.
    public static func build(context: CounterContext) -> SetupView {
        let interactor = SetupInteractor(context: context)
        let view = SetupView(interactor: interactor, presenter: SetupPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
