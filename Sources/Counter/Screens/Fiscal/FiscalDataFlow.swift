import Foundation
import Yosemite

/// The TSE screen's data flow: the status as `pos fiscal status` shows it, and the DSFinV-K export of a range of
/// days into a folder (the store refuses a folder that holds files, as for `pos fiscal export`).
public enum FiscalDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case exportKeyPressed
        case reloadKeyPressed
        case typed(Character)
        case backspacePressed
        case enterPressed
        case escapePressed
        case scanned(String)
    }

    /// The export's fields, in the order asked.
    public enum Field: Int, Hashable, Sendable, CaseIterable {
        case from, to, folder
    }

    /// The export being filled in.
    public struct ExportForm: Hashable, Sendable {
        public var field: Field = .from
        public var from = ""
        public var to = ""
        public var folder = ""
        public var text = ""

        public init() {}
    }

    /// The TSE screen's state.
    public struct Response: Hashable, Sendable {
        public var isLoaded = false
        /// The status's lines (``FiscalStatus/reportLines(simulatedOutage:)``).
        public var lines: [String] = []
        public var form: ExportForm?
        public var isBusy = false
        public var message: String?
        public var isError = false

        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var lines: [String]
        public var formLines: [String]
        public var input: String?
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
