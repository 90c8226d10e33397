import POSFoundation
import Yosemite

/// The card pay screen's data flow: the open sale, the terminal's live prompts, and how the
/// attempt ended (approved, declined, cancelled, or unknown — which is resolved, never charged again).
public enum PayCardDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        /// Enter: start, or try again (the same or another card) after a decline.
        case startKeyPressed
        /// Esc/F10 while the terminal works: ask it to abort. Esc afterwards: back to the cart.
        case cancelKeyPressed
        /// F12 after a decline: take cash instead.
        case cashKeyPressed
        /// F8 after an unknown outcome: ask the terminal again.
        case resolveKeyPressed
    }

    /// Where the attempt is.
    public enum Phase: Hashable, Sendable {
        /// Nothing sent yet.
        case ready
        /// Getting the sale ready.
        case opening
        /// The terminal has the payment; its prompts arrive as they come.
        case waiting
        /// The cashier asked the terminal to abort; it may still complete.
        case cancelling
        /// Not charged: the terminal's reason and what to do.
        case declined(reason: String, suggestion: String)
        /// The terminal did not confirm: the card may have been charged. Never charge again; resolve.
        case unknown(reason: String)
        /// Asking the terminal what happened to an earlier attempt.
        case resolving
        /// Something else went wrong (no reader, storage); nothing was charged.
        case failed(String)
        /// Approved: the receipt follows.
        case approved
    }

    /// The state.
    public struct Response: Hashable, Sendable {
        /// The sale being paid; a retry or cash after a decline pays the same sale.
        public var saleId: Int64
        public var total: Money
        /// The cash part of a split tender.
        public var cash: Money?
        /// The sale's number as shown.
        public var orderNumber: Int64?
        public var phase: Phase = .ready
        /// The terminal's prompts for this attempt, oldest first.
        public var prompts: [CardPrompt] = []
        /// How many card attempts the screen started.
        public var attempts = 0

        /// The state before anything is sent.
        public init(saleId: Int64, total: Money, cash: Money?) {
            self.saleId = saleId
            self.total = total
            self.cash = cash
        }

        /// What the card pays.
        public var cardAmount: Money {
            Money(minorUnits: total.minorUnits - (cash?.minorUnits ?? 0), currency: total.currency)
        }

        /// True while the terminal (or the store) works on it.
        public var isBusy: Bool {
            switch phase {
            case .opening, .waiting, .cancelling, .resolving: true
            default: false
            }
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var heading: String
        public var due: String
        public var cash: String?
        public var card: String
        public var order: String?
        /// The terminal's latest prompt, large.
        public var prompt: String?
        public var status: String
        public var detail: String?
        public var role: CellAttributes.Role
        public var keyHints: [KeyHint]
    }
}
