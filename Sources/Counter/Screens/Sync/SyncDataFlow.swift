import Foundation
import Yosemite

/// The sync screen's data flow: the outbox (pending and parked entries), "sync now", retry a parked entry.
public enum SyncDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case selectionUp
        case selectionDown
        case syncKeyPressed
        case retryKeyPressed
        case reloadKeyPressed
        case escapePressed
    }

    /// The sync screen's state.
    public struct Response: Hashable, Sendable {
        public var isLoaded = false
        /// Whether this is the demo store (which has nothing to sync).
        public var isDemo = false
        /// Pending, in-flight and parked entries, in queue order.
        public var items: [OutboxItem] = []
        public var selected = 0
        /// A sync is running (off the main actor).
        public var isSyncing = false
        /// What the last sync on this screen did.
        public var summary: SyncSummary?
        public var message: String?
        public var isError = false

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        /// One outbox entry as a table row.
        public struct Row: Hashable, Sendable {
            public var id: String
            public var kind: String
            public var order: String
            public var attempts: String
            public var next: String
            public var state: String
            /// Why it is parked, or the last error; shown under the row when selected.
            public var detail: String?
            public var isParked: Bool
        }

        /// "2 pending · 1 parked", "demo: nothing to sync".
        public var headline: String
        public var rows: [Row]
        public var selected: Int?
        /// What the last sync did ("sent 3, parked 1, 0 left").
        public var summary: String?
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
