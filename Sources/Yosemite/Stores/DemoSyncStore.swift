/// Answers sync actions in the demo store, which has no site: there is nothing to send and nothing parked.
@MainActor
final class DemoSyncStore: Store {
    /// What a sync in the demo store reports.
    static let nothingToSync = "demo: nothing to sync"

    override func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: SyncAction.self)
    }

    override func onAction(_ action: any Action) {
        guard let action = action as? SyncAction else {
            preconditionFailure("DemoSyncStore received \(type(of: action))")
        }
        switch action {
        case .syncNow(_, let onCompletion):
            onCompletion(.success(SyncSummary(lastError: Self.nothingToSync)))
        case .loadQueue(let onCompletion):
            onCompletion(.success([]))
        case .retryParked(let entryID, let onCompletion):
            onCompletion(.failure(.noSuchParkedEntry(entryID)))
        case .discardParked(let entryID, _, let onCompletion):
            onCompletion(.failure(.noSuchParkedEntry(entryID)))
        }
    }
}
