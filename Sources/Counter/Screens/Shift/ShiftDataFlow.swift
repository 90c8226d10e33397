import POSFoundation
import Yosemite

/// The shift screen's data flow: open with a float, cash in/out with a reason, close with a count → Z report.
public enum ShiftDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspace
        case enterPressed
        case escapePressed
        case openKeyPressed
        case cashInKeyPressed
        case cashOutKeyPressed
        case closeKeyPressed
        case reprintKeyPressed
    }

    /// What the open prompt asks for.
    public enum Prompt: Hashable, Sendable {
        case float
        case cashInAmount
        case cashOutAmount
        case reason(cashIn: Bool, amount: String)
        case counted
    }

    /// The shift screen's state.
    public struct Response: Hashable, Sendable {
        /// Whether the first load finished.
        public var isLoaded = false
        /// The open shift, if any.
        public var open: ShiftStatus?
        /// The Z report of the shift closed on this screen.
        public var closed: ZReport?
        public var prompt: Prompt?
        public var input = ""
        public var isBusy = false
        public var message: String?
        public var isError = false

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public struct Row: Hashable, Sendable {
            public var label: String
            public var value: String
        }

        /// "Shift 3 open since 09:12 · Ada", "No shift open", "Shift 3 closed".
        public var headline: String
        public var rows: [Row]
        /// "Float (counted cash): 100▏".
        public var prompt: String?
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
        /// For the frame log: "open", "closed", "none".
        public var state: String
    }
}
