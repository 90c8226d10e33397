/// Wires the login screen.
@MainActor
public enum LoginBuilder {
    /// Builds the login screen.
    public static func build(context: CounterContext) -> LoginView {
        let interactor = LoginInteractor(context: context)
        let view = LoginView(interactor: interactor, presenter: LoginPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
