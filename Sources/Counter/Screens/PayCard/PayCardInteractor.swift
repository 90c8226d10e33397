import Localization
import POSFoundation
import Yosemite

/// Pays an open sale by card (and split tender) with `CardPresentPaymentAction.collectPayment`, passing the
/// terminal's prompts to the screen as they arrive. A decline leaves the sale open: F12 pays the rest of the
/// SAME sale in cash, Enter tries the card again.
///
/// A retry pays the same sale: the store resolves any earlier attempt first and never charges twice, so after
/// an unknown outcome "resolve" is simply asking the store to collect again — it records an earlier approval
/// instead of charging, or refuses while the terminal cannot tell.
@MainActor
public final class PayCardInteractor {
    public private(set) var response: PayCardDataFlow.Response
    var present: (PayCardDataFlow.Response) -> Void = { _ in }
    let context: CounterContext

    /// Creates the interactor for a cart, with an optional cash part.
    public init(context: CounterContext, request: PayRequest, cash: Money?) {
        self.context = context
        response = PayCardDataFlow.Response(saleId: request.saleId, total: request.total, cash: cash)
        response.orderNumber = request.saleId
    }

    /// Handles one request.
    public func handle(_ request: PayCardDataFlow.Request) {
        switch (request, response.phase) {
        case (.startKeyPressed, .ready), (.startKeyPressed, .declined), (.startKeyPressed, .failed):
            start()
        case (.cancelKeyPressed, .waiting):
            response.phase = .cancelling
            let stores = context.stores
            Task { try? await stores.dispatch { CardPresentPaymentAction.cancel(reply: $0) } }
        case (.cancelKeyPressed, .ready), (.cancelKeyPressed, .declined), (.cancelKeyPressed, .failed):
            context.readerActivity.set(nil)
            context.router?.show(.sell)
        case (.cashKeyPressed, .declined), (.cashKeyPressed, .failed), (.cashKeyPressed, .ready):
            context.readerActivity.set(nil)
            // The same sale: what a split's cash part already paid is on it; the pay screen asks for the rest.
            context.router?.show(.payCash(PayRequest(saleId: response.saleId, total: response.total)))
        case (.resolveKeyPressed, .unknown):
            resolve()
        case (.cancelKeyPressed, .unknown):
            // Leave it unresolved: the reader keeps "needs attention" and the readers screen (F8) resolves it;
            // the store refuses any new charge on that reader until then.
            context.router?.show(.sell)
        default:
            break
        }
        present(response)
    }

    /// Starts (or retries) the payment.
    func start() {
        response.prompts = []
        response.attempts += 1
        context.readerActivity.set(.busy)
        collect()
    }

    private func resolve() {
        response.phase = .resolving
        response.prompts = []
        context.readerActivity.set(.busy)
        collect()
    }

    private func collect() {
        if response.phase != .resolving { response.phase = .waiting }
        present(response)
        let cash = response.cash, stores = context.stores, saleId = response.saleId
        // The terminal's prompts, in the order it sent them, shown on the main actor as they arrive.
        let (prompts, prompter) = AsyncStream<CardPrompt>.makeStream()
        let shown = Task { [weak self] in
            for await prompt in prompts { self?.prompted(prompt) }
        }
        Task {
            let reader = await ReaderChoice.address(stores: stores)
            do throws(CardPaymentError) {
                let sale = try await stores.dispatch {
                    CardPresentPaymentAction.collectPayment(
                        saleId: saleId, cash: cash, reader: reader, prompts: { prompter.yield($0) }, reply: $0)
                }
                prompter.finish()
                await shown.value
                self.response.phase = .approved
                self.context.readerActivity.set(nil)
                self.present(self.response)
                self.context.router?.cardSaleCompleted(sale)
            } catch {
                prompter.finish()
                await shown.value
                self.failed(error)
            }
        }
    }

    private func prompted(_ prompt: CardPrompt) {
        guard response.isBusy else { return }
        response.prompts.append(prompt)
        present(response)
    }

    private func failed(_ error: CardPaymentError) {
        switch error {
        case .declined:
            let cancelled = response.phase == .cancelling
            response.phase = .declined(reason: (cancelled ? L10n.tr("paycard.cancelledAtTerminal") + " — " : "") + (error.readerMessage ?? ""),
                                       suggestion: error.recoverySuggestion)
            context.readerActivity.set(nil)
        case .outcomeUnknown(_, let reason), .unresolvedAttempt(_, let reason):
            response.phase = .unknown(reason: reason)
            context.readerActivity.set(.needsAttention)
        default:
            response.phase = .failed("\(error.message) \(error.recoverySuggestion)")
            context.readerActivity.set(nil)
        }
        present(response)
    }
}
