import Foundation
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
            headline = "Loading the outbox…"
        } else if response.isDemo {
            headline = "demo: nothing to sync (the demo store has no site)"
        } else if response.items.isEmpty {
            headline = "Everything is synced: the outbox is empty."
        } else {
            headline = "\(pending) pending · \(parked) parked"
        }
        let rows = response.items.map(row)
        var message = response.message
        if response.isSyncing { message = "Syncing… \(pending) to send; sales stay safe if this is interrupted." }
        return SyncDataFlow.ViewModel(
            headline: headline, rows: rows, selected: rows.isEmpty ? nil : min(response.selected, rows.count - 1),
            summary: response.summary.map(Self.describe), message: message,
            isError: response.isError && !response.isSyncing, keyHints: keyHints(response))
    }

    /// "sent 3 · adopted 0 · parked 1 · 2 left · store unreachable".
    static func describe(_ summary: SyncSummary) -> String {
        if summary.lastError == "demo: nothing to sync" { return "demo: nothing to sync" }
        var parts = ["sent \(summary.sent)", "adopted \(summary.adopted)", "newly parked \(summary.newlyParked)",
                     "\(summary.remaining) left"]
        if summary.waitingBehindParked > 0 { parts.append("\(summary.waitingBehindParked) behind parked") }
        if !summary.mismatches.isEmpty { parts.append("\(summary.mismatches.count) total mismatch(es)") }
        if summary.unreachable { parts.append("store unreachable") }
        return "Last sync: " + parts.joined(separator: " · ")
    }

    private func row(_ item: OutboxItem) -> SyncDataFlow.ViewModel.Row {
        let isParked = item.state == "parked"
        return SyncDataFlow.ViewModel.Row(
            id: "#\(item.id)", kind: item.kind, order: item.orderId.map { "order \($0)" } ?? "—",
            attempts: "\(item.attemptCount)", next: isParked ? "parked" : item.nextAttemptAt.map(time) ?? "now",
            state: item.state, detail: isParked ? (item.parkedReason ?? item.lastError ?? "parked") : item.lastError,
            isParked: isParked)
    }

    private func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    private func keyHints(_ response: SyncDataFlow.Response) -> [KeyHint] {
        var hints = [KeyHint("F2", "Sync now")]
        let selected = response.items.indices.contains(response.selected) ? response.items[response.selected] : nil
        if selected?.state == "parked" { hints.append(KeyHint("F3", "Retry parked")) }
        hints += [KeyHint("F5", "Reload"), KeyHint("Esc", "Back")]
        return hints
    }
}
