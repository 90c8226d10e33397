
import Yosemite

/// The printers screen's data flow: the CUPS queues and the file printer, which one receipts go to, a test
/// page, and the last job's state or error with what to do.
public enum PrintersDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case selectionUp
        case selectionDown
        /// Makes the selected printer the receipt printer (saved in the app settings).
        case chooseKeyPressed
        case testPageKeyPressed
        case reloadKeyPressed
        case escapePressed
    }

    /// One printer the screen offers.
    public struct Entry: Hashable, Sendable {
        /// The name saved in the settings; `nil` is "the default printer".
        public var name: String?
        /// What the row says.
        public var label: String
        /// The print system's description; `nil` for the default and file entries.
        public var description: PrintQueue?

        /// Creates an entry.
        public init(name: String?, label: String, description: PrintQueue? = nil) {
            self.name = name
            self.label = label
            self.description = description
        }
    }

    /// What became of the last test page.
    public enum LastJob: Hashable, Sendable {
        case printed(PrintJobOutcome)
        case failed(message: String, whatToDo: String)
    }

    /// The printers screen's state.
    public struct Response: Hashable, Sendable {
        public var isLoaded = false
        public var entries: [Entry] = []
        public var selected = 0
        /// The receipt printer saved in the settings (`nil`: the default).
        public var chosen: String?
        /// Why the print system could not list its queues, if it could not.
        public var listError: String?
        public var lastJob: LastJob?
        public var isBusy = false
        public var message: String?

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        /// One printer row.
        public struct Row: Hashable, Sendable {
            public var label: String
            public var state: String
            public var isChosen: Bool
            public var isProblem: Bool
        }

        public var headline: String
        public var rows: [Row]
        public var selected: Int?
        /// The selected printer's problem and what to do, when it has one.
        public var problem: String?
        /// "Test page: job 12 on kitchen — completed" or the error and what to do.
        public var lastJob: String?
        public var lastJobFailed: Bool
        public var message: String?
        public var keyHints: [KeyHint]
    }
}
