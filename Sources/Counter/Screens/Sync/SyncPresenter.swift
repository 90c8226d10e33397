import Foundation
import Localization
import Yosemite

/// Turns the outbox state into strings. Pure (the time zone is given, so tests are stable).
public struct SyncPresenter: Sendable {
    public let timeZone: TimeZone

    /// A presenter showing times in `timeZone`.
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The view model of a response.
    public func viewModel(_ response: SyncDataFlow.Response) -> SyncDataFlow.ViewModel {
        let parked = response.items.filter { $0.state == "parked" }.count
        let pending = response.items.count - parked
        let headline: String
        if !response.isLoaded {
            headline = L10n.tr("sync.loading")
        } else if response.isDemo {
            headline = L10n.tr("sync.demo")
        } else if response.items.isEmpty {
            headline = L10n.tr("sync.empty")
        } else {
            headline = L10n.tr("sync.counts", ["pending": "\(pending)", "parked": "\(parked)"])
        }
        let rows = response.items.map(row)
        var message = response.message
        if response.isSyncing { message = L10n.tr("sync.syncing", ["count": "\(pending)"]) }
        return SyncDataFlow.ViewModel(
            headline: headline, rows: rows, selected: rows.isEmpty ? nil : min(response.selected, rows.count - 1),
            summary: response.summary.map(Self.describe), message: message,
            isError: response.isError && !response.isSyncing, keyHints: keyHints(response))
    }

    /// "sent 3 · adopted 0 · parked 1 · 2 left · store unreachable".
    static func describe(_ summary: SyncSummary) -> String {
        if summary.lastError == "demo: nothing to sync" { return L10n.tr("sync.summary.demo") }
        var parts = [L10n.tr("sync.summary.sent", ["count": "\(summary.sent)"]),
                     L10n.tr("sync.summary.adopted", ["count": "\(summary.adopted)"]),
                     L10n.tr("sync.summary.newlyParked", ["count": "\(summary.newlyParked)"]),
                     L10n.tr("sync.summary.left", ["count": "\(summary.remaining)"])]
        if summary.waitingBehindParked > 0 {
            parts.append(L10n.tr("sync.summary.behindParked", ["count": "\(summary.waitingBehindParked)"]))
        }
        if !summary.mismatches.isEmpty { parts.append(L10n.tr("sync.summary.mismatches", ["count": "\(summary.mismatches.count)"])) }
        if summary.unreachable { parts.append(L10n.tr("sync.summary.unreachable")) }
        return L10n.tr("sync.summary.last") + " " + parts.joined(separator: " · ")
    }

    private func row(_ item: OutboxItem) -> SyncDataFlow.ViewModel.Row {
        let isParked = item.state == "parked"
        return SyncDataFlow.ViewModel.Row(
            id: "#\(item.id)", kind: L10n.word(.outboxKind, item.kind), order: item.orderId.map { L10n.tr("sync.row.order", ["order": "\($0)"]) } ?? "—",
            attempts: "\(item.attemptCount)", next: isParked ? L10n.tr("sync.state.parked") : item.nextAttemptAt.map(time) ?? L10n.tr("sync.row.now"),
            state: L10n.word(.outboxState, item.state), detail: isParked ? (item.parkedReason ?? item.lastError ?? L10n.tr("sync.state.parked")) : item.lastError,
            isParked: isParked)
    }

    private func time(_ date: Date) -> String { L10n.screen.timeOfDay(date, in: timeZone) }

    private func keyHints(_ response: SyncDataFlow.Response) -> [KeyHint] {
        var hints = [KeyHint("F2", L10n.tr("sync.key.now"))]
        let selected = response.items.indices.contains(response.selected) ? response.items[response.selected] : nil
        if selected?.state == "parked" { hints.append(KeyHint("F3", L10n.tr("sync.key.retry"))) }
        hints += [KeyHint("F5", L10n.tr("sync.key.reload")), KeyHint("Esc", L10n.tr("keys.back"))]
        return hints
    }
}
