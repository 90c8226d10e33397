import Localization
import POSFoundation
import Yosemite

/// Takes cash for an open sale: the tendered amount, the change, and the tender through `OrderAction.payCash`,
/// which completes the sale (the same one a declined card left open).
@MainActor
public final class PayInteractor {
    public private(set) var response: PayDataFlow.Response
    var present: (PayDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext
    private let request: PayRequest

    /// Creates the interactor for a cart.
    public init(context: CounterContext, request: PayRequest) {
        self.context = context
        self.request = request
        response = PayDataFlow.Response(total: request.total)
        refreshDue()
    }

    /// What is due now (a split's cash part or an earlier tender may have paid some of it).
    private func refreshDue() {
        let stores = context.stores, saleId = request.saleId
        Task {
            guard let sale = try? await stores.dispatch({ OrderAction.loadSale(reference: String(saleId), reply: $0) }),
                  sale.due.minorUnits > 0, sale.due != self.response.total else { return }
            self.response.total = sale.due
            self.present(self.response)
        }
    }

    /// Handles one request.
    public func handle(_ action: PayDataFlow.Request) {
        guard !response.isCompleting else { return }
        switch action {
        case .typed(let character):
            guard character.isNumber || character == "," || character == "." else { return }
            response.tenderedText.append(character)
            parse()
        case .backspace:
            _ = response.tenderedText.popLast()
            parse()
        case .exactKeyPressed:
            response.tenderedText = ""
            parse()
            complete()
        case .completeKeyPressed:
            complete()
        case .cancelKeyPressed:
            context.router?.show(.sell)
        case .restByCardKeyPressed:
            splitTender()
        }
        present(response)
    }

    private func parse() {
        response.error = nil
        let text = response.tenderedText
        guard !text.isEmpty else { response.tendered = nil; return }
        let currency = response.total.currency
        let separators = context.settings.moneyFormat.separators
        do {
            response.tendered = try Money(typed: text, currency: currency, separators: separators)
        } catch {
            response.tendered = nil
            // Not an amount at all: the presenter says so; "1.000" or too many decimals: why, and what to type.
            if case .notAnAmount = error { return }
            response.error = error.message(currency: currency, separators: separators)
        }
    }

    /// Cash for the tendered amount as the split's cash part, the rest by card; nothing typed: all by card. The
    /// checkout refuses a cash part that is not less than what is due, with the reason, on the card screen.
    private func splitTender() {
        let cash = response.tendered
        if !response.tenderedText.isEmpty && cash == nil { return }
        context.router?.show(.payCard(PayRequest(saleId: request.saleId, total: response.total), cash: cash))
    }

    private func complete() {
        if !response.tenderedText.isEmpty && response.tendered == nil { return }
        // The checkout decides: cash short of what is due is refused with the reason (F11 pays the rest by card).
        response.isCompleting = true
        let saleId = request.saleId, tendered = response.tendered, stores = context.stores
        Task {
            do throws(OrderError) {
                let sale = try await stores.dispatch { OrderAction.payCash(saleId: saleId, tendered: tendered, reply: $0) }
                self.context.router?.saleCompleted(sale)
            } catch {
                self.response.isCompleting = false
                self.response.error = "\(error.message) \(error.recoverySuggestion)"
                self.present(self.response)
            }
        }
    }
}
