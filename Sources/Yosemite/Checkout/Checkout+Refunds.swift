import Localization
import POSFoundation

/// Refunds: a completed sale gives money back through the same machine as it took it.
///
/// The order is fixed: authorize (a manager, with cashiers set up) → give it back (cash: recorded with its outbox
/// entry; card: journalled before the request leaves, the terminal's answer comes back as an event) → sign it as its
/// own TSE transaction → issue the refund receipt (the drawer opens for cash) → announce.
///
/// Rules: only a completed, paid sale is refunded, by more than zero and at most what is left; money goes back the way
/// it came, to the card while the card has some of its payment left to take back (at most that much), then in cash;
/// while a card refund is in flight or its outcome unknown, nothing else is refunded (it is resolved with the
/// terminal, never by refunding again).
extension Checkout {
    /// What a completed sale's order says about its refunds, read with the order.
    public struct Refunds: Hashable, Sendable {
        /// The order's local number (refusals name it).
        public var orderNumber: Int64
        /// What the order's card payments took.
        public var cardPaid: Money
        /// What went back so far, in cash and to the card.
        public var refunded: Money
        /// What went back to the card so far (refunds and reversals on the terminal).
        public var cardRefunded: Money
        /// A card refund on the terminal is in flight or its outcome unknown.
        public var inFlight: Bool

        public init(orderNumber: Int64, cardPaid: Money, refunded: Money, cardRefunded: Money, inFlight: Bool) {
            self.orderNumber = orderNumber
            self.cardPaid = cardPaid
            self.refunded = refunded
            self.cardRefunded = cardRefunded
            self.inFlight = inFlight
        }

        /// Counts a refund recorded (in the order's currency).
        mutating func record(_ amount: Money, card: Bool) {
            refunded = Money(minorUnits: refunded.minorUnits + amount.minorUnits, currency: refunded.currency)
            if card {
                cardRefunded = Money(minorUnits: cardRefunded.minorUnits + amount.minorUnits, currency: cardRefunded.currency)
            }
        }

        /// What the card can still take back.
        public var cardLeft: Money {
            Money(minorUnits: max(0, cardPaid.minorUnits - cardRefunded.minorUnits), currency: cardPaid.currency)
        }
    }

    /// How money goes back.
    public enum RefundMethod: String, Hashable, Sendable, CaseIterable {
        case cash, card
    }

    /// A refund as the checkout would make it: how much, and how.
    public struct RefundPlan: Hashable, Sendable {
        public var amount: Money
        public var method: RefundMethod

        public init(amount: Money, method: RefundMethod) {
            self.amount = amount
            self.method = method
        }
    }

    /// A completed sale as its order records it: its total, what its payments took (`hasCashTender` when cash was
    /// among them) and its refunds.
    public init(order total: Money, paid: Money, hasCashTender: Bool = false, refunds: Refunds, training: Bool = false,
                policy: Policy = .unattended) {
        self.init(state: .completed, cart: Cart(), total: total, paid: paid, hasCashTender: hasCashTender,
                  hasCardTender: refunds.cardPaid.minorUnits > 0, cardInFlight: false, training: training, policy: policy)
        self.refunds = refunds
    }

    /// What is left to refund (never below zero); zero before the order's refunds are read.
    public var refundable: Money {
        Money(minorUnits: max(0, total.minorUnits - (refunds?.refunded.minorUnits ?? total.minorUnits)),
              currency: total.currency)
    }

    /// The refund ``Event/refund(_:)`` would make, or the refusal it would meet; changes nothing. A front asks it
    /// before it confirms a refund with the cashier (how much, in cash or to the card).
    public func refundPlan(_ amount: Money?) throws(CheckoutRefusal) -> RefundPlan {
        let event = Event.refund(amount)
        try require(.completed, event)
        guard let refunds else { throw refusal(event, L10n.tr("error.checkout.refund.noOrder")) }
        let order = String(refunds.orderNumber)
        // A training sale took no real money; a real sale's money is not given back in training.
        guard !training else { throw refusal(event, L10n.tr("error.checkout.refund.trainingSale", ["order": order])) }
        guard !policy.training else { throw refusal(event, L10n.tr("error.checkout.refund.registerTraining", ["order": order])) }
        guard paid.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.refund.notPaid", ["order": order])) }
        guard !refunds.inFlight else { throw refusal(event, L10n.tr("error.checkout.refund.inFlight", ["order": order])) }
        let left = refundable
        guard left.minorUnits > 0 else {
            throw refusal(event, L10n.tr("error.checkout.refund.full", ["order": order, "total": text(total)]))
        }
        // No amount asks for all that is left; when a card paid part of it, the card's part comes first (the rule
        // below), so "all" is the card's part now and the rest, in cash, a second refund.
        let cardLeft = refunds.cardLeft
        let wanted = amount.map { Money(minorUnits: $0.minorUnits, currency: total.currency) }
            ?? (cardLeft.minorUnits > 0 && cardLeft.minorUnits < left.minorUnits ? cardLeft : left)
        guard wanted.minorUnits > 0 else { throw refusal(event, L10n.tr("error.checkout.refund.aboveZero")) }
        guard wanted.minorUnits <= left.minorUnits else {
            throw refusal(event, L10n.tr("error.checkout.refund.tooMuch", [
                "amount": text(wanted), "left": text(left),
            ]))
        }
        guard cardLeft.minorUnits > 0 else { return RefundPlan(amount: wanted, method: .cash) }
        guard wanted.minorUnits <= cardLeft.minorUnits else {
            throw refusal(event, L10n.tr("error.checkout.refund.cardFirst", [
                "paid": text(refunds.cardPaid), "left": text(cardLeft),
            ]))
        }
        return RefundPlan(amount: wanted, method: .card)
    }

    // MARK: - Events

    mutating func refund(_ amount: Money?) throws(CheckoutRefusal) -> [Effect] {
        let plan = try refundPlan(amount)
        let authorize: [Effect] = policy.cashiersSetUp ? [.authorize(.refund(plan.amount))] : []
        switch plan.method {
        case .cash:
            refunds?.record(plan.amount, card: false)
            return authorize + [.refundCash(plan.amount)] + afterRefund(kickDrawer: true)
        case .card:
            refunds?.inFlight = true
            return authorize + [.collectCardRefund(plan.amount)]
        }
    }

    mutating func refundApproved(_ approval: CardApproval, _ event: Event) throws(CheckoutRefusal) -> [Effect] {
        try requireRefundInFlight(event)
        refunds?.inFlight = false
        refunds?.record(approval.amount, card: true)
        return [.recordCardRefund(approval)] + afterRefund(kickDrawer: false)
    }

    mutating func refundEnded(
        _ end: CardAttemptEnd, _ outcome: AttemptOutcome, _ event: Event
    ) throws(CheckoutRefusal) -> [Effect] {
        try requireRefundInFlight(event)
        switch outcome {
        case .declined:
            refunds?.inFlight = false
            return [.journalAttempt(end, .declined), .announce(.refundDeclined)]
        case .unknown:
            return [.journalAttempt(end, .unknown), .announce(.outcomeUnknown)]
        }
    }

    // MARK: - Rules

    /// The one order after a refund is recorded: the TSE's signature, the receipt (and the drawer for cash), the
    /// announcement.
    private func afterRefund(kickDrawer: Bool) -> [Effect] {
        [.sign(.refund), .issueRefundReceipt(kickDrawer: kickDrawer), .announce(.refunded)]
    }

    private func requireRefundInFlight(_ event: Event) throws(CheckoutRefusal) {
        try require(.completed, event)
        guard refunds?.inFlight == true else { throw refusal(event, L10n.tr("error.checkout.refund.noAttempt")) }
    }
}
