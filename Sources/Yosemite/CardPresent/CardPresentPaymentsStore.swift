import Hardware
import POSFoundation

/// Card-present payments: readers, card and split sales, refunds, reversal, end of day, and the journal rules
/// that never charge twice and never lose an approval (see docs/card-payments.md).
///
/// The work runs in ``CardPaymentCoordinator`` (an actor) off the main actor; progress handlers are called from
/// it (they are `@Sendable`; a UI hops to its own actor). The dispatch returns when the operation ends.
@MainActor
public final class CardPresentPaymentsStore: Store, ActionsProcessor {
    private lazy var coordinator = CardPaymentCoordinator(environment: environment)

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: CardPresentPaymentAction) async throws(CardPaymentError) -> Replied {
        let coordinator = coordinator
        switch action {
        case let .observeReaders(reply):
            return reply(await Self.streams(coordinator))
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
        case let .refund(orderId, amount, reader, prompts, reply):
            return reply(try await coordinator.refund(orderId: orderId, amount: amount, reader: reader, progress: prompts))
        case let .reverseLast(reader, prompts, reply):
            return reply(try await coordinator.reverseLast(reader: reader, progress: prompts))
        case let .payWithoutSale(amount, reference, reader, prompts, reply):
            return reply(try await coordinator.payWithoutSale(amount: amount, reference: reference, reader: reader, progress: prompts))
        case let .refundWithoutSale(amount, reader, prompts, reply):
            return reply(try await coordinator.refundWithoutSale(amount: amount, reader: reader, progress: prompts))
        case let .reverse(receipt, amount, reader, prompts, reply):
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

    /// The reader lists and events, or finished streams when no reader service can be made.
    private nonisolated static func streams(_ coordinator: CardPaymentCoordinator) async -> CardReaderStreams {
        guard let service = try? await coordinator.service() else {
            return CardReaderStreams(discovered: empty(), connected: empty(), events: empty())
        }
        return CardReaderStreams(discovered: summaries(service.discoveredReaders()),
                                 connected: summaries(service.connectedReaders()), events: service.readerEvents())
    }

    private nonisolated static func empty<T>() -> AsyncStream<T> { AsyncStream { $0.finish() } }

    /// The readers of a Hardware stream as Yosemite's values, on every change (ends when it ends).
    private nonisolated static func summaries(_ readers: AsyncStream<[CardReaderDescriptor]>) -> AsyncStream<[CardReaderSummary]> {
        AsyncStream { continuation in
            let task = Task {
                for await list in readers { continuation.yield(list.map(CardReaderSummary.init)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
