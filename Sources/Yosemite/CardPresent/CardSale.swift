import Hardware
import POSFoundation

/// A card (or split) payment recorded for an order: the order as now stored, what the card paid, what cash paid.
public struct CardSale: Hashable, Sendable {
    /// The order, paid, with its payments and outbox entries.
    public var order: LocalOrder
    /// What the terminal reported for the card part.
    public var card: PaymentResult
    /// The cash part of a split tender (zero when the card paid everything).
    public var cash: Money
    /// The journal row of the card attempt.
    public var attemptId: String
    /// True when the approval was found by resolving an earlier attempt, not by a new charge.
    public var recoveredFromEarlierAttempt: Bool
    /// The shift this sale opened because none was open (float 0), if it did.
    public var openedShiftId: Int64? = nil
    /// The receipt issued when the sale completed (stored, printed as the register's setting says).
    public var receipt: IssuedReceipt? = nil
}

/// How one unresolved journal row ended when the store asked the terminal.
public struct ResolvedAttempt: Hashable, Sendable {
    /// What the terminal's answer meant for the attempt.
    public enum Outcome: Hashable, Sendable {
        /// Charged: the approval is now recorded (payment, order paid, outbox), once.
        case approved(PaymentResult)
        /// Not charged: the row is closed; a new attempt may start.
        case notCharged
        /// Still unknown: check the terminal's journal, then resolve by hand.
        case stillUnknown(reason: String)
        /// Its operation still runs (the holder of its reader's lock): it settles itself; never resolve it.
        case inProgress(ReaderLock.Holder?)
    }

    /// The journal row.
    public var attemptId: String
    /// The order it was for, if any.
    public var orderId: Int64?
    /// The reader it ran on.
    public var reader: String
    /// The amount it asked for.
    public var amount: Money
    /// What became of it.
    public var outcome: Outcome

    /// Whether its operation still runs.
    public var isInProgress: Bool {
        if case .inProgress = outcome { true } else { false }
    }
}

/// A refund recorded for an order: on the card (terminal) or in cash, plus its outbox entry.
public struct CardRefund: Hashable, Sendable {
    /// The amount refunded.
    public var amount: Money
    /// The terminal's result when the refund went to the card; `nil` for a cash refund.
    public var card: PaymentResult?
    /// The outbox entry that sends the refund record to WooCommerce.
    public var outboxEntryId: Int64?
    /// The journal row of a refund on the card; `nil` for a cash refund.
    public var attemptId: String?
    /// The refund receipt, stored with the refund's TSE block and printed as the register's setting says.
    public var receipt: IssuedReceipt? = nil

    public init(amount: Money, card: PaymentResult?, outboxEntryId: Int64?, attemptId: String? = nil) {
        self.amount = amount
        self.card = card
        self.outboxEntryId = outboxEntryId
        self.attemptId = attemptId
    }
}

/// A card payment taken on the terminal for no sale (`pos reader pay`), journalled.
public struct TerminalPayment: Hashable, Sendable {
    /// What the terminal reported.
    public var result: PaymentResult
    /// The journal row.
    public var attemptId: String
}
