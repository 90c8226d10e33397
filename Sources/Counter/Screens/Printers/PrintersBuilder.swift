/// Wires the printers screen.
@MainActor
public enum PrintersBuilder {
    /// Builds the printers screen.
    public static func build(context: CounterContext) -> PrintersView {
        let interactor = PrintersInteractor(context: context)
        let view = PrintersView(interactor: interactor, presenter: PrintersPresenter(), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
