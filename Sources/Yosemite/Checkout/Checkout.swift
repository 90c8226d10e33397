import Localization
import POSFoundation

/// One sale's lifecycle as a pure state machine, the same for the counter and the command line.
///
/// open → lines edited (add, quantity, remove, line discount, cart discount, coupon, customer) → tenders (cash,
/// card, any number of each; a split is two tenders) → completed, or parked, or voided. Each event returns the
/// effects to run, in order; ``SaleService`` runs them as Storage's named writes, so every step is persisted.
/// A refused event changes nothing and throws ``CheckoutRefusal``.
///
/// ```swift
/// var checkout = Checkout(currency: eur)
/// let effects = try checkout.handle(.edit(.add(Cart.Item(code: "4006381333931"))))  // [.persistLines(cart)]
/// ```
///
/// Rules: lines change only while nothing is tendered and no card attempt is in flight; a card tender pays at
/// most what is due; cash may exceed it (change); a declined card leaves the sale open for another tender; a
/// sale with a card tender or a card attempt in flight can be neither parked nor voided.
public struct Checkout: Hashable, Sendable {
    /// Where the sale stands.
    public enum State: String, Hashable, Sendable, CaseIterable, Codable {
        case open, parked, completed, voided
    }

    /// A change to the cart.
    public enum CartEdit: Hashable, Sendable {
        /// Adds an item; the same code without a discount adds to its line's quantity.
        case add(Cart.Item)
        /// Sets a line's quantity (0 removes the line).
        case setQuantity(line: Int, quantity: Int)
        case removeLine(Int)
        case lineDiscount(line: Int, Cart.Discount?)
        case cartDiscount(Cart.Discount?)
        /// Replaces the coupons with this one (`nil` removes them).
        case coupon(String?)
        case customer(Int64?)
    }

    /// What happened.
    public enum Event: Hashable, Sendable {
        case edit(CartEdit)
        /// The cart was priced: its total.
        case priced(Money)
        /// Cash handed over.
        case tenderCash(Money)
        /// A card payment of an amount is about to start.
        case startCard(Money)
        case cardApproved(Money)
        /// Declined or cancelled: not charged.
        case cardDeclined
        /// The terminal's answer is unknown: the attempt stays in flight until resolved.
        case cardOutcomeUnknown
        case park(name: String?)
        case resume
        case void
    }

    /// What to run for an event, in order.
    public enum Effect: Hashable, Sendable {
        /// Price and persist the cart (`updateLines`).
        case persistLines(Cart)
        /// Persist a cash tender (`recordCashTender`).
        case recordCash(Money)
        /// Journal the card attempt and send it to the terminal.
        case collectCard(Money)
        /// Write the order and its one outbox entry (`completeSale`).
        case complete
        case park(name: String?)
        case resume
        case void
    }

    public private(set) var state: State
    public private(set) var cart: Cart
    /// The cart's total as last priced.
    public private(set) var total: Money
    /// What tenders paid toward the total.
    public private(set) var paid: Money
    /// Whether a card tender is on the sale.
    public private(set) var hasCardTender: Bool
    /// A card attempt is in flight or its outcome unknown.
    public private(set) var cardInFlight: Bool

    /// A new, empty, open sale.
    public init(currency: Currency) {
        self.init(state: .open, cart: Cart(), total: Money(minorUnits: 0, currency: currency),
                  paid: Money(minorUnits: 0, currency: currency), hasCardTender: false, cardInFlight: false)
    }

    /// A sale as stored.
    public init(state: State, cart: Cart, total: Money, paid: Money, hasCardTender: Bool, cardInFlight: Bool) {
        self.state = state
        self.cart = cart
        self.total = total
        self.paid = paid
        self.hasCardTender = hasCardTender
        self.cardInFlight = cardInFlight
    }

    /// What is still due (never below zero).
    public var due: Money { Money(minorUnits: max(0, total.minorUnits - paid.minorUnits), currency: total.currency) }
    /// Whether any tender was taken.
    public var hasTenders: Bool { paid.minorUnits > 0 }

    /// Applies an event.
    ///
    /// - Returns: The effects to run, in order.
    /// - Throws: ``CheckoutRefusal`` when the event is not allowed in this state; nothing changes then.
    public mutating func handle(_ event: Event) throws(CheckoutRefusal) -> [Effect] {
        switch event {
        case .edit(let edit):
            try require(.open, event)
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.linesFixed")) }
            var next = cart
            try Self.apply(edit, to: &next, event: event, state: state)
            cart = next
            return [.persistLines(next)]
        case .priced(let amount):
            try require(.open, event)
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.totalFixed")) }
            total = amount
            return []
        case .tenderCash(let amount):
            try requirePayable(event)
            guard amount.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.cashAmount")) }
            paid = Money(minorUnits: paid.minorUnits + min(amount.minorUnits, due.minorUnits), currency: total.currency)
            if due.minorUnits == 0 {
                state = .completed
                return [.recordCash(amount), .complete]
            }
            return [.recordCash(amount)]
        case .startCard(let amount):
            try requirePayable(event)
            guard amount.minorUnits > 0, amount.minorUnits <= due.minorUnits else {
                throw refusal(event, L10n.tr("error.checkout.cardAmount", ["due": due.decimalString]))
            }
            cardInFlight = true
            return [.collectCard(amount)]
        case .cardApproved(let amount):
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            cardInFlight = false
            hasCardTender = true
            paid = Money(minorUnits: paid.minorUnits + amount.minorUnits, currency: total.currency)
            if due.minorUnits == 0 {
                state = .completed
                return [.complete]
            }
            return []
        case .cardDeclined:
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            cardInFlight = false
            return []
        case .cardOutcomeUnknown:
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            return []
        case .park(let name):
            try require(.open, event)
            guard !cart.items.isEmpty else { throw refusal(event, L10n.tr("error.checkout.cartEmpty")) }
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.finishSale")) }
            state = .parked
            return [.park(name: name)]
        case .resume:
            try require(.parked, event)
            state = .open
            return [.resume]
        case .void:
            guard state == .open || state == .parked else { throw refusal(event, L10n.tr("error.checkout.state." + state.rawValue)) }
            guard !hasCardTender else { throw refusal(event, L10n.tr("error.checkout.refundCardFirst")) }
            guard !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.resolveFirst")) }
            state = .voided
            return [.void]
        }
    }

    // MARK: - Rules

    private func require(_ needed: State, _ event: Event) throws(CheckoutRefusal) {
        guard state == needed else { throw refusal(event, L10n.tr("error.checkout.state." + state.rawValue)) }
    }

    private func requirePayable(_ event: Event) throws(CheckoutRefusal) {
        try require(.open, event)
        guard !cart.items.isEmpty else { throw refusal(event, L10n.tr("error.checkout.cartEmpty")) }
        guard !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.cardInFlight")) }
        guard due.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.nothingDue")) }
    }

    private func refusal(_ event: Event, _ reason: String) -> CheckoutRefusal {
        CheckoutRefusal(state: state, reason: reason)
    }

    private static func apply(_ edit: CartEdit, to cart: inout Cart, event: Event, state: State) throws(CheckoutRefusal) {
        func line(_ index: Int) throws(CheckoutRefusal) {
            guard cart.items.indices.contains(index) else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.noLine", ["line": String(index + 1)]))
            }
        }
        switch edit {
        case .add(let item):
            guard item.quantity > 0, !item.code.isEmpty || item.manual != nil else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.itemNeedsCode"))
            }
            guard item.measure == nil || item.quantity == 1 else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.measuredQuantity"))
            }
            // A weighed, labelled or manual line is a line of its own (its price was weighed, printed or typed); a
            // catalog code adds to its line.
            if item.discount == nil, item.measure == nil, item.manual == nil,
               let index = cart.items.firstIndex(where: {
                   $0.code == item.code && $0.discount == nil && $0.measure == nil && $0.manual == nil
               }) {
                cart.items[index].quantity += item.quantity
            } else {
                cart.items.append(item)
            }
        case .setQuantity(let index, let quantity):
            try line(index)
            guard quantity >= 0 else { throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.quantityNegative")) }
            guard quantity <= 1 || cart.items[index].measure == nil else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.measuredOnce"))
            }
            if quantity == 0 { cart.items.remove(at: index) } else { cart.items[index].quantity = quantity }
        case .removeLine(let index):
            try line(index)
            cart.items.remove(at: index)
        case .lineDiscount(let index, let discount):
            try line(index)
            cart.items[index].discount = discount
        case .cartDiscount(let discount):
            cart.orderDiscount = discount
        case .coupon(let code):
            cart.couponCodes = code.map { [$0] } ?? []
        case .customer(let id):
            cart.customerId = id
        }
    }
}

/// An event the checkout does not allow in its state, with the reason.
public struct CheckoutRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var state: Checkout.State
    public var reason: String

    public var description: String { L10n.tr("error.checkout.notNow", ["reason": reason]) }
}
