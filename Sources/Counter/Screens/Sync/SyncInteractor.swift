import Foundation
import Localization
import Yosemite

/// Keeps the sync screen's state and talks to the sync store through `SyncAction`s. "Sync now" runs the real
/// ``SyncEngine`` (an actor, so off the main actor); the keys stay live meanwhile and the outbox reloads after.
@MainActor
public final class SyncInteractor {
    public private(set) var response = SyncDataFlow.Response()
    var present: (SyncDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// How long a sync started here waits for entries that back off.
    static let maxWait: Duration = .seconds(2)

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
        response.isDemo = context.stores.isDemo
    }

    /// Loads the outbox.
    public func load() {
        let stores = context.stores
        Task {
            do throws(SyncError) {
                response.items = try await stores.dispatch { SyncAction.loadQueue(reply: $0) }
                response.selected = min(response.selected, max(0, response.items.count - 1))
            } catch {
                fail(error)
            }
            response.isLoaded = true
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: SyncDataFlow.Request) {
        switch request {
        case .selectionUp: response.selected = max(0, response.selected - 1)
        case .selectionDown: response.selected = min(max(0, response.items.count - 1), response.selected + 1)
        case .escapePressed: context.router?.show(.menu); return
        case .reloadKeyPressed: load()
        case .syncKeyPressed: syncNow()
        case .retryKeyPressed: retrySelected()
        }
        present(response)
    }

    private func syncNow() {
        guard !response.isSyncing else { return }
        response.isSyncing = true
        response.message = nil
        response.isError = false
        let stores = context.stores
        Task {
            do throws(SyncError) {
                let summary = try await stores.dispatch { SyncAction.syncNow(maxWait: Self.maxWait, reply: $0) }
                response.summary = summary
                if !response.isDemo, let error = summary.lastError, summary.sent == 0, summary.adopted == 0 {
                    response.message = error
                    response.isError = summary.unreachable
                }
            } catch {
                fail(error)
            }
            response.isSyncing = false
            context.refreshStatus()
            load()
        }
    }

    private func retrySelected() {
        guard response.items.indices.contains(response.selected) else { return }
        let item = response.items[response.selected]
        guard item.state == "parked" else {
            response.message = L10n.tr("sync.notParked", ["entry": "\(item.id)"])
            response.isError = true
            return
        }
        let stores = context.stores
        Task {
            do throws(SyncError) {
                let entry = try await stores.dispatch { SyncAction.retryParked(entryID: item.id, reply: $0) }
                response.message = L10n.tr("sync.pendingAgain", ["entry": "\(entry.id)"])
                response.isError = false
            } catch {
                fail(error)
            }
            context.refreshStatus()
            load()
        }
    }

    private func fail(_ error: SyncError) {
        response.message = "\(error.message) \(error.recoverySuggestion)"
        response.isError = true
    }
}
