import Yosemite

/// The readers screen's data flow: the card readers the counter can use, connecting one, the end-of-day report,
/// and resolving attempts whose outcome the terminal never confirmed.
public enum ReadersDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case selectionUp
        case selectionDown
        /// Enter: connect to the selected reader and remember it.
        case connectKeyPressed
        /// F5: close the terminal's batch and show its totals.
        case endOfDayKeyPressed
        /// F8: ask the terminal about every unresolved attempt.
        case resolveKeyPressed
        case backKeyPressed
    }

    /// One reader in the list.
    public struct Reader: Hashable, Sendable {
        public var address: String
        public var name: String
        /// "remembered", "plugged in", "simulator".
        public var source: String

        /// Creates a row.
        public init(address: String, name: String, source: String) {
            self.address = address
            self.name = name
            self.source = source
        }
    }

    /// The state.
    public struct Response: Hashable, Sendable {
        public var readers: [Reader] = []
        /// The connected reader's address, if any.
        public var connected: String?
        public var selected = 0
        public var isBusy = false
        /// The unresolved attempts, one line each.
        public var unresolved: [String] = []
        /// The last report or resolution, line by line.
        public var report: [String] = []
        public var message: String?
        public var isError = false

        /// Nothing loaded yet.
        public init() {}

        /// Adds a reader unless its address is listed.
        public mutating func add(_ reader: Reader) {
            guard !readers.contains(where: { $0.address == reader.address }) else { return }
            readers.append(reader)
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public struct Row: Hashable, Sendable {
            public var text: String
            public var isSelected: Bool
            public var isConnected: Bool
        }

        public var rows: [Row]
        public var unresolved: [String]
        public var report: [String]
        public var message: String?
        public var isError: Bool
    }
}
