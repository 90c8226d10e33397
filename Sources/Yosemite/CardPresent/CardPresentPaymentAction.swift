import Hardware
import POSFoundation

/// Card-present payments on a ZVT or Concert terminal. Each dispatch returns the answer or throws ``CardPaymentError``.
///
/// `reader` is an address (`zvt+tcp://…`, `sim://`); `nil` means the remembered one (the last connected).
/// Payment-like cases pass each terminal prompt to the `prompts` handler as it appears (a progress handler, not a
/// completion: the dispatch returns the answer).
/// Failures are ``CardPaymentError``: `.declined` (nothing charged: retry or take cash), `.readerUnavailable`,
/// `.outcomeUnknown` (never charge again: resolve), `.unresolvedAttempt` (check the terminal, resolve by hand),
/// `.readerBusy` (another operation holds the reader: nothing started, nothing to resolve).
public enum CardPresentPaymentAction: Action {
    public typealias Failure = CardPaymentError

    /// Connects (remembering the reader) and resolves its unresolved attempts.
    case connect(reader: String?, reply: Reply<CardReaderSummary>)
    /// Disconnects the connected reader.
    case disconnect(reply: Reply<Void>)
    /// Pays what is due on an open sale (``OrderAction/openSale(cart:reply:)``): `cash` (split tender, a
    /// cash tender recorded first) plus the rest by card, through the payment journal; the sale completes when the
    /// tenders cover it. A decline leaves the sale open for another tender. Never starts while an earlier attempt
    /// on the sale or reader is unresolved.
    case collectPayment(
        saleId: Int64, cash: Money?, reader: String?, prompts: @Sendable (CardPrompt) -> Void,
        reply: Reply<CardSale>
    )
    /// Asks the terminal to cancel the running operation (it may be too late; the operation then completes).
    case cancel(reply: Reply<Void>)
    /// What refunding a paid order would do now (all that is left when `amount` is nil): how much, and whether it
    /// goes back in cash or to the card; throws ``CardPaymentError/invalidRefund(_:)`` with the checkout's reason
    /// when it would be refused. Changes nothing: a front asks it before confirming a refund with the cashier.
    case planRefund(orderId: Int64, amount: Money?, reply: Reply<Checkout.RefundPlan>)
    /// Refunds a paid order (all that is left when `amount` is nil) through its checkout: authorized, given back
    /// (to the card on the terminal while the card has some of its payment left, else in cash), recorded with the
    /// WooCommerce refund record in the outbox, signed by the TSE, receipted. With cashiers set up, `approval` must
    /// be a manager's (refunds, reversals and refunds without a sale alike).
    case refund(
        orderId: Int64, amount: Money?, reader: String?, approval: ManagerApproval? = nil,
        prompts: @Sendable (CardPrompt) -> Void, reply: Reply<CardRefund>
    )
    /// Takes a card payment for no sale (`pos reader pay`), journalled; see docs/card-payments.md.
    case payWithoutSale(
        amount: Money, reference: String, reader: String?, prompts: @Sendable (CardPrompt) -> Void,
        reply: Reply<TerminalPayment>
    )
    /// Refunds an amount to the card presented, for no order, journalled.
    case refundWithoutSale(
        amount: Money, reader: String?, approval: ManagerApproval? = nil, prompts: @Sendable (CardPrompt) -> Void,
        reply: Reply<CardRefund>
    )
    /// Reverses the payment with that terminal receipt number, journalled; `amount` only for a payment this
    /// counter did not journal.
    case reverse(
        receipt: Int, amount: Money?, reader: String?, approval: ManagerApproval? = nil,
        prompts: @Sendable (CardPrompt) -> Void,
        reply: Reply<CardRefund>
    )
    /// Closes the terminal's batch, journalled.
    case endOfDay(reader: String?, reply: Reply<TerminalBatchReport>)
    /// Asks the terminal about every unresolved attempt on the reader and records what it finds, once.
    case resolveUnknownOutcomes(reader: String?, reply: Reply<[ResolvedAttempt]>)
    /// Closes an unresolved attempt by hand after checking the terminal's journal: `charged` records the payment.
    /// Logged; the only way past `.unresolvedAttempt`.
    case markResolvedByHand(
        attemptId: String, charged: Bool, note: String, reply: Reply<ResolvedAttempt>
    )
    /// The unresolved attempts, oldest first.
    case loadUnresolved(reply: Reply<[ResolvedAttempt]>)
}
