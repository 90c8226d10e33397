/// Wires the settings screen.
@MainActor
public enum SettingsBuilder {
    /// Builds the settings screen.
    public static func build(context: CounterContext) -> SettingsView {
        let interactor = SettingsInteractor(context: context)
        let view = SettingsView(interactor: interactor, presenter: SettingsPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
