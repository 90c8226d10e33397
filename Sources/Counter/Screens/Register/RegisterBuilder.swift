import Foundation

/// Wires the register screen.
@MainActor
public enum RegisterBuilder {
    /// Builds the register screen.
    public static func build(context: CounterContext) -> RegisterView {
        let interactor = RegisterInteractor(context: context)
        let view = RegisterView(interactor: interactor, presenter: RegisterPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
