/// Answers sync actions in the demo store, which has no site: there is nothing to send and nothing parked.
@MainActor
final class DemoSyncStore: Store, ActionsProcessor {
    /// What a sync in the demo store reports.
    static let nothingToSync = "demo: nothing to sync"

    override func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    func onAction(_ action: SyncAction) async throws(SyncError) -> Replied {
        switch action {
        case let .syncNow(_, reply):
            return reply(SyncSummary(lastError: Self.nothingToSync))
        case let .loadQueue(reply):
            return reply([])
        case let .retryParked(entryID, _):
            throw .noSuchParkedEntry(entryID)
        case let .discardParked(entryID, _, _):
            throw .noSuchParkedEntry(entryID)
        }
    }
}
