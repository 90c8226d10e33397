import Hardware
import POSFoundation

/// Card-present payments: readers, card and split sales, refunds, reversal, end of day, and the journal rules
/// that never charge twice and never lose an approval (see docs/card-payments.md).
///
/// The work runs in ``CardPaymentCoordinator`` (an actor) off the main actor; progress handlers are called from
/// it (they are `@Sendable`; a UI hops to its own actor). The dispatch returns when the operation ends.
@MainActor
public final class CardPresentPaymentsStore: Store, ActionsProcessor {
    private lazy var coordinator = CardPaymentCoordinator(environment: environment, session: session)
    /// Where the reader's state is reported (connected, busy), for the session's events.
    private let session: SessionEventHub?

    public init(dispatcher: Dispatcher, environment: AppEnvironment, session: SessionEventHub? = nil) {
        self.session = session
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: CardPresentPaymentAction) async throws(CardPaymentError) -> Replied {
        let coordinator = coordinator
        switch action {
        case let .connect(reader, reply):
            return reply(CardReaderSummary(try await coordinator.connect(reader)))
        case let .disconnect(reply):
            await coordinator.disconnect()
            return reply()
        case let .collectPayment(saleId, cash, reader, prompts, reply):
            return reply(try await coordinator.collect(saleId: saleId, cash: cash, reader: reader, progress: prompts))
        case let .cancel(reply):
            await coordinator.cancel()
            return reply()
        case let .planRefund(orderId, amount, reply):
            return reply(try await coordinator.planRefund(orderId: orderId, amount: amount))
        case let .refund(orderId, amount, reader, approval, prompts, reply):
            // The order's checkout asks for the manager's approval (with cashiers set up) before any money moves.
            return reply(try await coordinator.refund(orderId: orderId, amount: amount, reader: reader, approval: approval,
                                                      progress: prompts))
        case let .payWithoutSale(amount, reference, reader, prompts, reply):
            return reply(try await coordinator.payWithoutSale(amount: amount, reference: reference, reader: reader, progress: prompts))
        case let .refundWithoutSale(amount, reader, approval, prompts, reply):
            try await approve(approval, reference: "no order", amount: amount)
            return reply(try await coordinator.refundWithoutSale(amount: amount, reader: reader, progress: prompts))
        case let .reverse(receipt, amount, reader, approval, prompts, reply):
            try await approve(approval, reference: "terminal receipt \(receipt)", amount: amount)
            return reply(try await coordinator.reverse(receipt: receipt, amount: amount, reader: reader, progress: prompts))
        case let .endOfDay(reader, reply):
            return reply(TerminalBatchReport(try await coordinator.endOfDay(reader: reader)))
        case let .resolveUnknownOutcomes(reader, reply):
            return reply(try await coordinator.resolveAll(reader: reader))
        case let .markResolvedByHand(attemptId, charged, note, reply):
            return reply(try await coordinator.markResolvedByHand(attemptId: attemptId, charged: charged, note: note))
        case let .loadUnresolved(reply):
            return reply(try await coordinator.loadUnresolved())
        }
    }

    /// With cashiers set up, money back to a customer without an order (a reversal, a stand-alone refund)
    /// needs a manager's PIN, checked and recorded before the terminal is touched. An order's refund is authorized
    /// by its checkout.
    private func approve(_ approval: ManagerApproval?, reference: String, amount: Money?) async throws(CardPaymentError) {
        do {
            try await CashierService(environment: environment).approve(approval, .refund, reference: reference, amount: amount)
        } catch {
            throw .cashier(error)
        }
    }
}
