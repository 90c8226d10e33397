import Foundation
import Hardware
import Localization
import POSFoundation

/// What the customer sees: the cart as it is rung up, the total, what was paid, the change and a thank-you, or
/// the idle screen between sales. Derived from the checkout's persisted sale and its tenders
/// (``init(sale:)``), never from a front's own state; ``StoresManager/customerDisplay()`` publishes it, the
/// counter serves it to `pos display` as JSON lines and feeds a pole display with it.
///
/// It holds names, quantities, weights and amounts only, the card terminal's step as a kind (``CardStep``), the
/// receipt number, whether the TSE was out, and the name of the customer the cashier attached: never card data (no
/// brand, no digits, no terminal text) and nothing else of the customer.
public struct CustomerDisplayState: Hashable, Sendable, Codable {
    /// Where the sale stands, as the customer sees it.
    public enum Phase: String, Hashable, Sendable, Codable {
        /// No shift is open and no sale is being rung up: the counter is closed.
        case closed
        /// Between sales.
        case idle
        /// Items are being rung up (or part of the total is paid).
        case sale
        /// The sale is paid: the change, then a thank-you.
        case paid
    }

    /// Where the card terminal is in the sale's card payment, as the customer display words it. The kind of step
    /// only: the terminal's own text never reaches a display (it could carry card data).
    public enum CardStep: String, Hashable, Sendable, Codable {
        case insertCard, removeCard, enterPIN, wait, approved, declined, cardProblem
        /// The payment was aborted (the cashier cancelled it at the counter or the terminal): nothing charged.
        case cancelled

        /// The step of a terminal prompt's kind.
        public init(_ kind: CardReaderPrompt.Kind) {
            switch kind {
            case .insertCard: self = .insertCard
            case .removeCard: self = .removeCard
            case .pinEntry: self = .enterPIN
            case .pleaseWait, .processing, .information: self = .wait
            case .declined: self = .declined
            case .approved: self = .approved
            case .cardProblem: self = .cardProblem
            }
        }

        /// The catalog key of its words ("display.screen.card.insertCard").
        public var key: String { "display.screen.card.\(rawValue)" }
    }

    /// One cart line.
    public struct Line: Hashable, Sendable, Codable {
        public var name: String
        public var quantity: Int
        /// The line's amount, as the order holds it.
        public var amount: Money
        /// A weighed line's net weight in grams (``unitPrice`` is then per kilogram).
        public var weightGrams: Int?
        /// The unit price (per kilogram for a weighed line).
        public var unitPrice: Money?

        public init(name: String, quantity: Int, amount: Money, weightGrams: Int? = nil, unitPrice: Money? = nil) {
            self.name = name
            self.quantity = quantity
            self.amount = amount
            self.weightGrams = weightGrams
            self.unitPrice = unitPrice
        }

        /// The weight, price per kilogram and price of a weighed line, as the law for trade scales wants them.
        public var weighed: WeighedLine? {
            guard let grams = weightGrams, grams > 0, let unitPrice else { return nil }
            return WeighedLine(grams: grams, unitPrice: unitPrice)
        }
    }

    public var phase: Phase
    public var lines: [Line]
    public var total: Money
    /// What the tenders paid toward the total.
    public var paid: Money
    /// Cash handed over, once any was.
    public var given: Money?
    /// The change given back, once the sale is paid in cash.
    public var change: Money?
    /// The card terminal's step while the sale is paid by card, and its decline until the cart or the payment
    /// moves on (``CustomerDisplayHub`` sets it from the session's ``SessionEvent/cardStep``).
    public var cardStep: CardStep?
    /// The receipt number of the paid sale, as its receipt prints it.
    public var receiptNumber: String?
    /// The paid sale was not signed: the TSE was out (the receipt says so too).
    public var tseOutage = false
    /// The name of the customer the cashier attached to the sale (nothing else of the customer).
    public var customerName: String?
    /// The language the displays speak: the paper language, as on the receipt. The counter sets it when it publishes a
    /// state (`pos display` draws in it); nil in a state not yet published.
    public var language: Language?
    /// The store's name, for the idle screen of the web display (`pos display --web`); set by the counter when it
    /// publishes, like ``language``.
    public var storeName: String?
    /// The store's money format ("1.234,50 €"), so the web display writes amounts as the receipt does; set by the
    /// counter when it publishes.
    public var moneyFormat: MoneyFormat?

    /// How a display writes amounts: the store's format, or the currency's usual one before the counter sent it.
    public var amountFormat: MoneyFormat { moneyFormat ?? .standard(for: total.currency) }

    public init(phase: Phase, lines: [Line] = [], total: Money, paid: Money, given: Money? = nil, change: Money? = nil) {
        self.phase = phase
        self.lines = lines
        self.total = total
        self.paid = paid
        self.given = given
        self.change = change
    }

    /// Between sales.
    public static func idle(currency: Currency) -> CustomerDisplayState {
        let zero = Money(minorUnits: 0, currency: currency)
        return CustomerDisplayState(phase: .idle, total: zero, paid: zero)
    }

    /// No shift open, no sale: the counter is closed.
    public static func closed(currency: Currency) -> CustomerDisplayState {
        let zero = Money(minorUnits: 0, currency: currency)
        return CustomerDisplayState(phase: .closed, total: zero, paid: zero)
    }

    /// What is still due.
    public var due: Money { Money(minorUnits: max(0, total.minorUnits - paid.minorUnits), currency: total.currency) }

    /// The state a sale puts the display in: its cart while open, its change and thank-you once completed, idle
    /// when it is empty, parked or voided.
    public init(sale: SaleSummary) {
        let currency = sale.total.currency
        switch sale.state {
        case .parked, .voided:
            self = .idle(currency: currency)
            return
        case .open where sale.cart.items.isEmpty:
            self = .idle(currency: currency)
            return
        case .open, .completed:
            break
        }
        let lines = sale.lines.map {
            Line(name: $0.name, quantity: $0.quantity, amount: $0.amount, weightGrams: $0.weightGrams,
                 unitPrice: $0.unitPrice)
        }
        let cash = sale.tenders.filter { $0.method == .cash }
        let given: Int64? = cash.isEmpty ? nil : cash.reduce(Int64(0)) { $0 + ($1.tendered ?? $1.amount).minorUnits }
        let change = cash.compactMap(\.change).reduce(Int64(0)) { $0 + $1.minorUnits }
        self.init(phase: sale.state == .completed ? .paid : .sale, lines: lines, total: sale.total, paid: sale.paid,
                  given: given.map { Money(minorUnits: $0, currency: currency) },
                  change: sale.state == .completed && !cash.isEmpty ? Money(minorUnits: change, currency: currency) : nil)
    }
}

// MARK: - The pole display

extension CustomerDisplayState {
    /// What a 2×20 pole display shows for this state: the welcome text between sales, the last item with the
    /// running total (weight × price per kilogram for a weighed one), the total due once part is paid, the change
    /// after a cash payment, a thank-you after any other; the words in `strings` (the store's language).
    public func poleDisplay(strings: Strings, second: String = "") -> PoleDisplayState {
        switch phase {
        case .idle, .closed:
            return .idle(welcome: strings.tr("display.pole.welcome"), second: second)
        case .sale:
            if paid.minorUnits > 0 { return .totalDue(due) }
            guard let last = lines.last else { return .totalDue(total) }
            if let weighed = last.weighed { return .weighedItem(name: last.name, line: weighed) }
            return .item(name: last.name, price: last.amount, total: total)
        case .paid:
            if let given, let change { return .change(given: given, change: change) }
            return .thankYou(first: strings.tr("display.pole.thanks"), second: strings.tr("display.pole.goodbye"))
        }
    }
}
