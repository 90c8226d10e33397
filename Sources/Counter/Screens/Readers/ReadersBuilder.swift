/// Wires the readers screen.
@MainActor
public enum ReadersBuilder {
    /// Builds the readers screen.
    public static func build(context: CounterContext) -> ReadersView {
        let interactor = ReadersInteractor(context: context)
        let view = ReadersView(interactor: interactor, presenter: ReadersPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
