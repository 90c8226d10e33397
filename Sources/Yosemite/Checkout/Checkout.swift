import Localization
import POSFoundation

/// One sale's lifecycle as a pure state machine, the same for the counter and the command line: the reducer.
///
/// `handle(event)` applies an event and returns the effects to run, in order; ``CheckoutRunner`` runs them (each
/// one Storage write, a TSE call, the receipt, …) and sends what an effect learned back as an event (the cart's
/// price, the card's answer), so the machine, not the caller, decides what follows. A refused event changes
/// nothing and throws ``CheckoutRefusal``.
///
/// ```swift
/// var checkout = Checkout(currency: eur, policy: policy)
/// try checkout.handle(.edit(.add(Cart.Item(code: "4006381333931"))))  // [.price(cart)]
/// try checkout.handle(.priced(Checkout.Pricing(total: total)))       // [.persistLines(cart), .sign(.start), .announce(.edited)]
/// try checkout.handle(.tenderCash(twenty))      // [.recordCash(twenty), .complete, .sign(.finish), .issueReceipt(kickDrawer: true), .announce(.completed)]
///
/// var sold = Checkout(order: total, paid: total, refunds: refunds)   // the completed sale, read with its order
/// try sold.handle(.refund(two))                 // [.refundCash(two), .sign(.refund), .issueRefundReceipt(kickDrawer: true), .announce(.refunded)]
/// ```
///
/// Rules: lines change only while nothing is tendered and no card attempt is in flight; with cashiers set up an
/// edit or a tender needs a signed-in cashier, and a manual discount above the threshold or the void of a sale that holds a
/// payment needs a manager (``Effect/authorize(_:)``, run before anything is recorded); a card tender pays at most
/// what is due; cash may exceed it (change); a declined card leaves the sale open for another tender; a sale with
/// a card tender or a card attempt in flight can be neither parked nor voided. Completing is always the same
/// chain: the order, the TSE's signature, the receipt (and the drawer for cash), the announcement. A completed sale
/// is refunded through the same machine (``Event/refund(_:)``, see `Checkout+Refunds.swift`): authorized, given back
/// (cash recorded, or a card refund journalled and answered by the terminal), recorded, signed, receipted.
public struct Checkout: Hashable, Sendable {
    /// Where the sale stands.
    public enum State: String, Hashable, Sendable, CaseIterable, Codable {
        case open, parked, completed, voided
    }

    /// The rules that come from outside the sale, read when its owner loads it: who may tender, and when a manual
    /// discount needs a manager.
    public struct Policy: Hashable, Sendable {
        /// Cashiers are set up: tenders need a signed-in cashier, and approvals a manager's PIN.
        public var cashiersSetUp: Bool
        /// A cashier is signed in.
        public var signedIn: Bool
        /// Manual discounts that take more than this share (percent) of the cart's price need a manager.
        public var discountApprovalPercent: Int
        /// The register is in training: a sale recorded now is a training sale (``Checkout/training``).
        public var training: Bool

        /// The default share of the price a manual discount may take without a manager.
        public static let defaultDiscountApprovalPercent = 10
        /// No cashiers set up: nothing to approve or sign in.
        public static let unattended = Policy(cashiersSetUp: false, signedIn: false,
                                              discountApprovalPercent: defaultDiscountApprovalPercent)

        public init(cashiersSetUp: Bool, signedIn: Bool, discountApprovalPercent: Int, training: Bool = false) {
            self.cashiersSetUp = cashiersSetUp
            self.signedIn = signedIn
            self.discountApprovalPercent = discountApprovalPercent
            self.training = training
        }

        /// The same policy with the register's mode.
        public func training(_ on: Bool) -> Policy {
            var policy = self
            policy.training = on
            return policy
        }
    }

    /// A change to the cart.
    public enum CartEdit: Hashable, Sendable {
        /// Replaces the whole cart (the command line opens a sale with every item at once).
        case replace(Cart)
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

    /// What pricing a cart found: its total, and the total without its manual (line and cart) discounts when it
    /// has any (coupons count in both).
    public struct Pricing: Hashable, Sendable {
        public var total: Money
        public var withoutManualDiscounts: Money?

        public init(total: Money, withoutManualDiscounts: Money? = nil) {
            self.total = total
            self.withoutManualDiscounts = withoutManualDiscounts
        }
    }

    /// A card approval from the terminal, for the attempt journalled by ``Effect/collectCard(_:)``.
    public struct CardApproval: Hashable, Sendable {
        public var attemptId: String
        public var amount: Money

        public init(attemptId: String, amount: Money) {
            self.attemptId = attemptId
            self.amount = amount
        }
    }

    /// How a card attempt ended without an approval: the journal row and what the terminal (or the line) said.
    public struct CardAttemptEnd: Hashable, Sendable {
        public var attemptId: String
        public var reason: String

        public init(attemptId: String, reason: String) {
            self.attemptId = attemptId
            self.reason = reason
        }
    }

    /// What the payment journal records for an attempt that ended without an approval.
    public enum AttemptOutcome: String, Hashable, Sendable, CaseIterable {
        /// Not charged (declined, cancelled, the reader unavailable): the sale stays open for another tender.
        case declined
        /// Unknown: resolved with the terminal, never by charging again.
        case unknown
    }

    /// What needs a manager's PIN.
    public enum Approval: Hashable, Sendable {
        /// A manual discount taking `off` (`percent` of the price without it).
        case discount(off: Money, percent: Int)
        /// Voiding a sale that holds `paid` (the cash goes back).
        case void(paid: Money)
        /// Giving money back for a completed sale.
        case refund(Money)
    }

    /// The TSE's side of the sale (German fiscal law; nothing where no TSE is configured).
    public enum FiscalStep: String, Hashable, Sendable, CaseIterable {
        /// Start the sale's TSE transaction (the sale was just recorded).
        case start
        /// Start a training sale's TSE transaction: it is signed as `AVTraining` when it finishes.
        case startTraining
        /// Finish it with the completed order's receipt data.
        case finish
        /// Cancel it as an abandoned receipt (`AVBelegabbruch`).
        case cancel
        /// Sign the refund just recorded as its own transaction (negative amounts, the sale's payment type).
        case refund
    }

    /// What the session is told.
    public enum Announcement: String, Hashable, Sendable, CaseIterable {
        case edited, tendered, declined, outcomeUnknown, completed, parked, resumed, voided, refunded, refundDeclined
    }

    /// What happened.
    public enum Event: Hashable, Sendable {
        case edit(CartEdit)
        /// The command line rings up a whole cart and pays it in cash at once (`cash` `nil`: the exact amount): the
        /// sale is recorded only when the cash covers its price, so a short tender records nothing.
        case sell(Cart, cash: Money?)
        /// The edited cart was priced (the runner's answer to ``Effect/price(_:)``).
        case priced(Pricing)
        /// Cash handed over: to pay what is due (less is refused, more gives change), or as the cash `part` of a
        /// split (less than what is due; the rest by card).
        case tenderCash(Money, part: Bool = false)
        /// A card payment of an amount is about to start.
        case startCard(Money)
        /// The terminal approved the attempt.
        case cardApproved(CardApproval)
        /// Declined or cancelled: not charged.
        case cardDeclined(CardAttemptEnd)
        /// The terminal's answer is unknown: the attempt stays in flight until resolved.
        case cardOutcomeUnknown(CardAttemptEnd)
        case park(name: String?)
        case resume
        case void
        /// The sale's tenders already cover it, but it was never completed (a process died between the last tender
        /// and the order): complete it, never charge.
        case recover
        /// Money back for a completed sale: this amount, or all that is left (`nil`). It goes back the way the sale
        /// was paid: to the card while the card has some left to take back, else in cash.
        case refund(Money?)
        /// The terminal approved the card refund journalled by ``Effect/collectCardRefund(_:)``.
        case refundApproved(CardApproval)
        /// The card refund was declined or cancelled: nothing went back.
        case refundDeclined(CardAttemptEnd)
        /// The card refund's answer is unknown: it stays in flight until resolved with the terminal, never by
        /// refunding again.
        case refundOutcomeUnknown(CardAttemptEnd)
    }

    /// What to run for an event, in order.
    public enum Effect: Hashable, Sendable {
        /// Price the cart in the local catalog (the runner sends ``Event/priced(_:)`` back).
        case price(Cart)
        /// Ask for a manager's PIN (refused: nothing that follows runs).
        case authorize(Approval)
        /// Persist the priced cart (`openSale` for a new sale, else `updateLines`).
        case persistLines(Cart)
        /// Persist a cash tender (`recordCashTender`).
        case recordCash(Money)
        /// Journal the card attempt before the request leaves (`startCardAttempt`); the reader's owner then talks
        /// to the terminal and sends its answer back.
        case collectCard(Money)
        /// Record how a card attempt ended without an approval on its journal row (`markAttempt`).
        case journalAttempt(CardAttemptEnd, AttemptOutcome)
        /// Persist the approved card tender with its journal row (`recordCardTender`).
        case recordCard(CardApproval)
        /// Write the order, its payments and its one outbox entry (`completeSale`).
        case complete
        /// Write a training sale's order: numbered in the register's training series, with NO outbox entry (never
        /// sent to the store) (`completeTrainingSale`).
        case completeTraining
        /// The TSE's step.
        case sign(FiscalStep)
        /// Render and store the receipt, print it as the register's setting says, open the drawer for cash.
        case issueReceipt(kickDrawer: Bool)
        case park(name: String?)
        case resume
        case void
        /// Give cash back and record the refund with its one outbox entry (`enqueueRefund`).
        case refundCash(Money)
        /// Journal the card refund before the request leaves (`startCardAttempt`, kind `refund`); the reader's owner
        /// then talks to the terminal and sends its answer back.
        case collectCardRefund(Money)
        /// Record the approved card refund: its journal row and its one outbox entry, in one transaction
        /// (`recordRefundApproval`).
        case recordCardRefund(CardApproval)
        /// Render and store the refund receipt (with the refund's own TSE block), print it as the register's setting
        /// says, open the drawer for cash going back.
        case issueRefundReceipt(kickDrawer: Bool)
        /// Tell the session (log, status line, displays follow the database).
        case announce(Announcement)
    }

    public private(set) var state: State
    public private(set) var cart: Cart
    /// The cart's total as last priced.
    public private(set) var total: Money
    /// What tenders paid toward the total.
    public private(set) var paid: Money
    /// Whether a cash tender is on the sale (the drawer opens at completion).
    public private(set) var hasCashTender: Bool
    /// Whether a card tender is on the sale.
    public private(set) var hasCardTender: Bool
    /// A card attempt is in flight or its outcome unknown.
    public private(set) var cardInFlight: Bool
    /// Whether the sale is recorded yet (a new sale is recorded by its first priced edit).
    public private(set) var isRecorded: Bool
    /// A training sale: set from the register's mode (``Policy/training``) when the sale is recorded, kept to its
    /// end. It is completed without an outbox entry (``Effect/completeTraining``), signed as `AVTraining`
    /// (``FiscalStep/startTraining``), paid in cash only, and never refunded.
    public private(set) var training = false
    /// What the completed sale's order says about its refunds; `nil` until it is read with the order (a sale loaded
    /// from its own record knows no refunds).
    public internal(set) var refunds: Refunds?
    /// Who may tender and what needs a manager.
    public var policy: Policy
    /// How the store writes money, for the amounts in refusals ("99,00 € ist mehr als …"); `nil`: the screen
    /// language's way (``MoneyFormat/screen(for:)``). The runner sets the store's.
    public var moneyFormat: MoneyFormat? = nil

    /// An amount in a refusal: the store's format, else the screen's.
    func text(_ money: Money) -> String { money.formatted(moneyFormat ?? .screen(for: money.currency)) }
    /// The edit waiting for its price, and whether it set a manual discount.
    private var pending: Pending?

    private struct Pending: Hashable, Sendable {
        var cart: Cart
        var setsDiscount: Bool
        /// For ``Event/sell(_:cash:)``: the cash handed over (`.some(nil)`: the exact amount).
        var cash: Money?? = nil
    }

    /// A new, empty, open sale, not yet recorded.
    public init(currency: Currency, policy: Policy = .unattended) {
        self.init(state: .open, cart: Cart(), total: Money(minorUnits: 0, currency: currency),
                  paid: Money(minorUnits: 0, currency: currency), hasCashTender: false, hasCardTender: false,
                  cardInFlight: false, policy: policy)
        isRecorded = false
    }

    /// A sale as stored (`training`: the sale's own mark, not the register's mode now).
    public init(state: State, cart: Cart, total: Money, paid: Money, hasCashTender: Bool = false, hasCardTender: Bool,
                cardInFlight: Bool, training: Bool = false, policy: Policy = .unattended) {
        self.training = training
        self.state = state
        self.cart = cart
        self.total = total
        self.paid = paid
        self.hasCashTender = hasCashTender
        self.hasCardTender = hasCardTender
        self.cardInFlight = cardInFlight
        self.policy = policy
        isRecorded = true
    }

    /// What is still due (never below zero).
    public var due: Money { Money(minorUnits: max(0, total.minorUnits - paid.minorUnits), currency: total.currency) }
    /// Whether any tender was taken.
    public var hasTenders: Bool { paid.minorUnits > 0 }

    /// Applies an event.
    ///
    /// - Returns: The effects to run, in order.
    /// - Throws: ``CheckoutRefusal`` when the event is not allowed in this state; nothing changes then.
    @discardableResult
    public mutating func handle(_ event: Event) throws(CheckoutRefusal) -> [Effect] {
        switch event {
        case .edit(let edit):
            try require(.open, event)
            try requireCashier()
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.linesFixed")) }
            var next = cart
            try Self.apply(edit, to: &next, state: state)
            pending = Pending(cart: next, setsDiscount: Self.setsDiscount(edit, next))
            return [.price(next)]
        case .sell(let whole, let cash):
            try require(.open, event)
            guard !isRecorded else { throw refusal(event, L10n.tr("error.checkout.sellNewOnly")) }
            try requireCashier()
            guard !whole.items.isEmpty else { throw refusal(event, L10n.tr("error.checkout.cartEmpty")) }
            if let cash, cash.minorUnits <= 0 { throw refusal(event, L10n.tr("error.checkout.cashAmount")) }
            var next = cart
            try Self.apply(.replace(whole), to: &next, state: state)
            pending = Pending(cart: next, setsDiscount: Self.setsDiscount(.replace(whole), next), cash: .some(cash))
            return [.price(next)]
        case .priced(let pricing):
            try require(.open, event)
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.totalFixed")) }
            guard let next = pending?.cart, let setsDiscount = pending?.setsDiscount else { throw refusal(event, L10n.tr("error.checkout.nothingToPrice")) }
            let sale = pending?.cash
            if let sale {
                // A whole sale paid at once: refused before anything is recorded when the cash does not cover it.
                guard pricing.total.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.nothingDue")) }
                if let cash = sale, cash.minorUnits < pricing.total.minorUnits {
                    throw CheckoutRefusal(state: state, reason: L10n.tr("error.order.tenderTooLow", [
                        "tendered": text(cash), "due": text(pricing.total),
                    ]), kind: .cashShort(due: pricing.total, tendered: cash))
                }
            }
            pending = nil
            cart = next
            total = pricing.total
            var effects: [Effect] = []
            if setsDiscount, let approval = discountApproval(pricing) { effects.append(.authorize(approval)) }
            effects.append(.persistLines(next))
            if !isRecorded {
                // The sale is recorded now, in the register's mode: a training sale stays one.
                isRecorded = true
                training = policy.training
                effects.append(.sign(training ? .startTraining : .start))
            }
            if let sale {
                let cash = sale ?? total
                paid = total
                hasCashTender = true
                return effects + [.recordCash(cash)] + afterTender()
            }
            return effects + [.announce(.edited)]
        case .tenderCash(let amount, let part):
            try requirePayable(event)
            guard amount.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.cashAmount")) }
            if part {
                guard amount.minorUnits < due.minorUnits else {
                    throw refusal(event, L10n.tr("error.checkout.cashPart", ["due": text(due)]))
                }
            } else {
                guard amount.minorUnits >= due.minorUnits else {
                    throw CheckoutRefusal(state: state, reason: L10n.tr("error.order.tenderTooLow", [
                        "tendered": text(amount), "due": text(due),
                    ]), kind: .cashShort(due: due, tendered: amount))
                }
            }
            paid = Money(minorUnits: paid.minorUnits + min(amount.minorUnits, due.minorUnits), currency: total.currency)
            hasCashTender = true
            return [.recordCash(amount)] + afterTender()
        case .startCard(let amount):
            try requirePayable(event)
            // A practice sale never charges a real card: training takes cash only.
            guard !training else { throw refusal(event, L10n.tr("error.checkout.trainingCashOnly")) }
            guard amount.minorUnits > 0, amount.minorUnits <= due.minorUnits else {
                throw refusal(event, L10n.tr("error.checkout.cardAmount", ["due": text(due)]))
            }
            cardInFlight = true
            return [.collectCard(amount)]
        case .cardApproved(let approval):
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            cardInFlight = false
            hasCardTender = true
            paid = Money(minorUnits: paid.minorUnits + approval.amount.minorUnits, currency: total.currency)
            return [.recordCard(approval)] + afterTender()
        case .cardDeclined(let end):
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            cardInFlight = false
            return [.journalAttempt(end, .declined), .announce(.declined)]
        case .cardOutcomeUnknown(let end):
            try require(.open, event)
            guard cardInFlight else { throw refusal(event, L10n.tr("error.checkout.noCardAttempt")) }
            return [.journalAttempt(end, .unknown), .announce(.outcomeUnknown)]
        case .park(let name):
            try require(.open, event)
            guard !cart.items.isEmpty else { throw refusal(event, L10n.tr("error.checkout.cartEmpty")) }
            guard !hasTenders, !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.finishSale")) }
            state = .parked
            return [.park(name: name), .announce(.parked)]
        case .resume:
            try require(.parked, event)
            state = .open
            return [.resume, .announce(.resumed)]
        case .void:
            guard state == .open || state == .parked else { throw refusal(event, L10n.tr("error.checkout.state." + state.rawValue)) }
            guard isRecorded else { throw refusal(event, L10n.tr("error.checkout.notRecorded")) }
            guard !hasCardTender else { throw refusal(event, L10n.tr("error.checkout.refundCardFirst")) }
            guard !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.resolveFirst")) }
            let held = paid
            state = .voided
            let authorize: [Effect] = held.minorUnits > 0 && policy.cashiersSetUp ? [.authorize(.void(paid: held))] : []
            return authorize + [.void, .sign(.cancel), .announce(.voided)]
        case .recover:
            try require(.open, event)
            guard !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.cardInFlight")) }
            guard hasTenders, due.minorUnits == 0 else { throw refusal(event, L10n.tr("error.checkout.notCovered")) }
            state = .completed
            return completion()
        case .refund(let amount):
            return try refund(amount)
        case .refundApproved(let approval):
            return try refundApproved(approval, event)
        case .refundDeclined(let end):
            return try refundEnded(end, .declined, event)
        case .refundOutcomeUnknown(let end):
            return try refundEnded(end, .unknown, event)
        }
    }

    // MARK: - Rules

    /// After a tender: the completion when it covers the sale, else the rest is due.
    private mutating func afterTender() -> [Effect] {
        guard due.minorUnits == 0 else { return [.announce(.tendered)] }
        state = .completed
        return completion()
    }

    /// The one order of completing: the order, the TSE's signature, the receipt (and the drawer for cash), the
    /// announcement.
    private func completion() -> [Effect] {
        [training ? .completeTraining : .complete, .sign(.finish), .issueReceipt(kickDrawer: hasCashTender),
         .announce(.completed)]
    }

    /// The approval a manual discount needs, if any: with cashiers set up, when it takes more than the threshold.
    private func discountApproval(_ pricing: Pricing) -> Approval? {
        guard policy.cashiersSetUp, let full = pricing.withoutManualDiscounts, full.minorUnits > 0 else { return nil }
        let off = full.minorUnits - pricing.total.minorUnits
        guard off * 100 > Int64(policy.discountApprovalPercent) * full.minorUnits else { return nil }
        return .discount(off: Money(minorUnits: off, currency: full.currency), percent: Int(off * 100 / full.minorUnits))
    }

    private static func setsDiscount(_ edit: CartEdit, _ cart: Cart) -> Bool {
        switch edit {
        case .lineDiscount(_, .some), .cartDiscount(.some): true
        case .replace: cart.orderDiscount != nil || cart.items.contains { $0.discount != nil }
        default: false
        }
    }

    func require(_ needed: State, _ event: Event) throws(CheckoutRefusal) {
        guard state == needed else { throw refusal(event, L10n.tr("error.checkout.state." + state.rawValue)) }
    }

    private func requirePayable(_ event: Event) throws(CheckoutRefusal) {
        try require(.open, event)
        guard !cart.items.isEmpty else { throw refusal(event, L10n.tr("error.checkout.cartEmpty")) }
        guard !cardInFlight else { throw refusal(event, L10n.tr("error.checkout.cardInFlight")) }
        guard due.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.nothingDue")) }
        try requireCashier()
    }

    /// With cashiers set up, lines and tenders are a signed-in cashier's (a locked counter sends none; the command
    /// line is refused before anything is recorded).
    private func requireCashier() throws(CheckoutRefusal) {
        guard !policy.cashiersSetUp || policy.signedIn else {
            throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.signInRequired"), kind: .signInRequired)
        }
    }

    func refusal(_ event: Event, _ reason: String) -> CheckoutRefusal {
        CheckoutRefusal(state: state, reason: reason)
    }

    private static func apply(_ edit: CartEdit, to cart: inout Cart, state: State) throws(CheckoutRefusal) {
        func line(_ index: Int) throws(CheckoutRefusal) {
            guard cart.items.indices.contains(index) else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.noLine", ["line": String(index + 1)]))
            }
        }
        func check(_ item: Cart.Item) throws(CheckoutRefusal) {
            guard item.quantity > 0, !item.code.isEmpty || item.manual != nil else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.itemNeedsCode"))
            }
            guard item.measure == nil || item.quantity == 1 else {
                throw CheckoutRefusal(state: state, reason: L10n.tr("error.checkout.measuredQuantity"))
            }
        }
        switch edit {
        case .replace(let whole):
            for item in whole.items { try check(item) }
            cart = whole
        case .add(let item):
            try check(item)
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
    /// Why, for a caller that answers some refusals its own way (a sign-in prompt, an exit code).
    public enum Kind: Hashable, Sendable {
        case notNow
        /// Cashiers are set up and nobody is signed in.
        case signInRequired
        /// Cash to pay what is due was less than that.
        case cashShort(due: Money, tendered: Money)
    }

    public var state: Checkout.State
    public var reason: String
    public var kind: Kind

    public init(state: Checkout.State, reason: String, kind: Kind = .notNow) {
        self.state = state
        self.reason = reason
        self.kind = kind
    }

    public var description: String { L10n.tr("error.checkout.notNow", ["reason": reason]) }
}
