import Foundation
import Yosemite

/// Wires the sync screen.
@MainActor
public enum SyncBuilder {
    /// Builds the sync screen.
    public static func build(context: CounterContext) -> SyncView {
        let interactor = SyncInteractor(context: context)
        let view = SyncView(interactor: interactor, presenter: SyncPresenter(timeZone: context.stores.localTimeZone), setNeedsDisplay: context.setNeedsDisplay)
        interactor.present = { [weak view] in view?.display($0) }
        return view
    }
}
