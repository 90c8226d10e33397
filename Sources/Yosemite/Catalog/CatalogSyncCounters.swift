import POSFoundation
import Foundation
import Networking
import Synchronization

/// Tallies of a running sync, shared by its concurrent page fetches, and the progress they publish.
final class CatalogSyncCounters: Sendable {
    private struct State {
        var progress = CatalogSyncProgress(phase: .settings)
        var report: CatalogSyncReport
    }

    private let state: Mutex<State>
    private let continuation: AsyncStream<CatalogSyncProgress>.Continuation?

    init(mode: CatalogSyncReport.Mode, continuation: AsyncStream<CatalogSyncProgress>.Continuation?) {
        state = Mutex(State(report: CatalogSyncReport(mode: mode)))
        self.continuation = continuation
    }

    var report: CatalogSyncReport { state.locked { $0.report } }

    /// Starts a phase with `total` units (when known) and publishes it.
    func begin(_ phase: CatalogSyncProgress.Phase, total: Int? = nil) {
        publish {
            $0.progress.phase = phase
            $0.progress.completed = 0
            $0.progress.total = total
        }
    }

    /// Starts `phase` (its total unknown) unless a later one already began: work that runs beside the products
    /// (the reference lists) never takes the progress back.
    func enter(_ phase: CatalogSyncProgress.Phase) {
        let order = CatalogSyncProgress.Phase.allCases
        let moved = state.locked { state -> CatalogSyncProgress? in
            guard let current = order.firstIndex(of: state.progress.phase), let next = order.firstIndex(of: phase),
                  next > current else { return nil }
            state.progress.phase = phase
            state.progress.completed = 0
            state.progress.total = nil
            return state.progress
        }
        if let moved { continuation?.yield(moved) }
    }

    /// Sets the total of the current phase once it is known.
    func setTotal(_ total: Int?) {
        publish { $0.progress.total = total }
    }

    /// Counts units of the current phase done.
    func advance(by units: Int = 1) {
        publish { $0.progress.completed += units }
    }

    /// Changes the report (under the lock).
    func update(_ body: (inout CatalogSyncReport) -> Void) {
        state.locked { body(&$0.report) }
    }

    /// Counts stored products; they show in the progress.
    func addStoredProducts(_ count: Int, removed: Int) {
        publish {
            $0.report.productsStored += count
            $0.report.productsRemoved += removed
            $0.progress.productsStored = $0.report.productsStored
        }
    }

    /// Publishes the final progress and ends the stream.
    func finish() {
        publish {
            $0.progress.phase = .done
            $0.progress.completed = 1
            $0.progress.total = 1
        }
        continuation?.finish()
    }

    private func publish(_ body: (inout State) -> Void) {
        let progress = state.locked { state in
            body(&state)
            return state.progress
        }
        continuation?.yield(progress)
    }
}
