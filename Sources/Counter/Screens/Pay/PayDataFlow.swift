import POSFoundation

/// The cash pay screen's data flow.
public enum PayDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspace
        /// Enter: take the tendered amount (the exact amount when nothing was typed).
        case completeKeyPressed
        case exactKeyPressed
        case cancelKeyPressed
        /// F11: split tender — the tendered amount in cash, the rest by card.
        case restByCardKeyPressed
    }

    /// The pay screen's state.
    public struct Response: Hashable, Sendable {
        public var total: Money
        public var tenderedText = ""
        /// The tendered amount, when the text parses.
        public var tendered: Money?
        public var isCompleting = false
        public var error: String?

        /// A fresh pay screen for an amount.
        public init(total: Money) {
            self.total = total
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var due: String
        public var tendered: String
        public var change: String?
        public var status: String?
        public var isError: Bool
    }
}
