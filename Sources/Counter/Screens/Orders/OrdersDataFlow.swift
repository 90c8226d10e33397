import POSFoundation
import Yosemite

/// The order history screen's data flow: list, search, show, reprint.
public enum OrdersDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspace
        case selectionUp
        case selectionDown
        case showKeyPressed
        case reprintKeyPressed
        /// F7: refund the selected order (asks the amount; Enter alone refunds all of it).
        case refundKeyPressed
        case backKeyPressed
    }

    /// The state.
    public struct Response: Hashable, Sendable {
        public var query = ""
        public var orders: [LocalOrder] = []
        public var selected = 0
        public var showsDetail = false
        public var isLoading = true
        public var message: String?
        public var isError = false
        /// The refund amount being typed; `nil` when no refund prompt is open.
        public var refundText: String?
        /// The refund waiting for the cashier's yes (Enter) or no (Esc), as the order's checkout would make it (how
        /// much, in cash or to the card), after the amount was entered.
        public var refundToConfirm: Checkout.RefundPlan?
        /// What Enter alone would refund, as the order's checkout plans it (all that is left; with a card part, that
        /// part first); nil until it answered.
        public var refundDefault: Checkout.RefundPlan?
        public var isRefunding = false
        /// Whether this is the demo store, whose sales are never sent (the sync column says "demo").
        public var isDemo = false

        /// Nothing loaded yet.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public struct Row: Hashable, Sendable {
            public var number: String
            public var time: String
            public var items: String
            public var total: String
            /// "cash", "card", "cash+card".
            public var tender: String
            /// "refunded", "partly" (refunded) or empty.
            public var refund: String
            public var sync: String
            public var isSelected: Bool
        }

        public var query: String
        public var rows: [Row]
        public var detail: [String]?
        public var empty: String?
        public var message: String?
        public var isError: Bool
        /// "Refund order 3 (all of 4,00 € when empty): 1,50▏", or the question before refunding.
        public var prompt: String?
        /// True while the prompt asks for a yes/no (no text cursor).
        public var isQuestion = false
    }
}
