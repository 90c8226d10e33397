import Hardware
import POSFoundation

/// Card-present payments: readers, card and split sales, refunds, reversal, end of day, and the journal rules
/// that never charge twice and never lose an approval (see docs/card-payments.md).
///
/// The work runs in ``CardPaymentCoordinator`` off the main actor; completions and progress callbacks are
/// called from it (they are `@Sendable`; a UI hops to its own actor).
@MainActor
public final class CardPresentPaymentsStore: Store {
    private lazy var coordinator = CardPaymentCoordinator(environment: environment)

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: CardPresentPaymentAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? CardPresentPaymentAction else {
            preconditionFailure("CardPresentPaymentsStore received \(type(of: action))")
        }
        let coordinator = coordinator
        switch action {
        case .observeReaders(let onCompletion):
            Task {
                guard let service = try? await coordinator.service() else {
                    onCompletion(CardReaderStreams(discovered: Self.empty(), connected: Self.empty(), events: Self.empty()))
                    return
                }
                onCompletion(CardReaderStreams(discovered: Self.summaries(service.discoveredReaders()),
                                               connected: Self.summaries(service.connectedReaders()),
                                               events: service.readerEvents()))
            }
        case .connect(let reader, let onCompletion):
            Task { onCompletion(await Self.result { () async throws(CardPaymentError) in CardReaderSummary(try await coordinator.connect(reader)) }) }
        case .disconnect(let onCompletion):
            Task { await coordinator.disconnect(); onCompletion() }
        case .collectPayment(let saleId, let cash, let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.collect(saleId: saleId, cash: cash, reader: reader, progress: onProgress)
                })
            }
        case .cancel(let onCompletion):
            Task { await coordinator.cancel(); onCompletion() }
        case .refund(let orderId, let amount, let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.refund(orderId: orderId, amount: amount, reader: reader, progress: onProgress)
                })
            }
        case .reverseLast(let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.reverseLast(reader: reader, progress: onProgress)
                })
            }
        case .payWithoutSale(let amount, let reference, let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.payWithoutSale(amount: amount, reference: reference, reader: reader, progress: onProgress)
                })
            }
        case .refundWithoutSale(let amount, let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.refundWithoutSale(amount: amount, reader: reader, progress: onProgress)
                })
            }
        case .reverse(let receipt, let amount, let reader, let onProgress, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.reverse(receipt: receipt, amount: amount, reader: reader, progress: onProgress)
                })
            }
        case .endOfDay(let reader, let onCompletion):
            Task { onCompletion(await Self.result { () async throws(CardPaymentError) in TerminalBatchReport(try await coordinator.endOfDay(reader: reader)) }) }
        case .resolveUnknownOutcomes(let reader, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in try await coordinator.resolveAll(reader: reader) })
            }
        case .markResolvedByHand(let attemptId, let charged, let note, let onCompletion):
            Task {
                onCompletion(await Self.result { () async throws(CardPaymentError) in
                    try await coordinator.markResolvedByHand(attemptId: attemptId, charged: charged, note: note)
                })
            }
        case .loadUnresolved(let onCompletion):
            Task { onCompletion(await Self.result { () async throws(CardPaymentError) in try await coordinator.loadUnresolved() }) }
        }
    }

    private static func result<T>(_ body: () async throws(CardPaymentError) -> T) async -> Result<T, CardPaymentError> {
        do { return .success(try await body()) } catch { return .failure(error) }
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
