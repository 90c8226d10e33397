import Localization
import Yosemite

/// Lists and searches the local orders (`OrderAction.listOrders`) and reprints one (`ReceiptAction.reprint`).
@MainActor
public final class OrdersInteractor {
    public internal(set) var response = OrdersDataFlow.Response()
    var present: (OrdersDataFlow.Response) -> Void = { _ in }
    let context: CounterContext
    private var generation = 0

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Handles one request.
    public func handle(_ request: OrdersDataFlow.Request) {
        if response.refundText != nil {
            handleRefundPrompt(request)
            present(response)
            return
        }
        switch request {
        case .typed(let character): response.query.append(character); load()
        case .backspace: _ = response.query.popLast(); load()
        case .selectionUp: response.selected = max(0, response.selected - 1)
        case .selectionDown: response.selected = max(0, min(response.orders.count - 1, response.selected + 1))
        case .showKeyPressed: response.showsDetail.toggle()
        case .reprintKeyPressed: reprint()
        case .refundKeyPressed:
            if response.orders.indices.contains(response.selected), !response.isRefunding {
                response.refundText = ""
                planDefaultRefund()
            }
        case .backKeyPressed:
            if response.showsDetail { response.showsDetail = false } else { context.router?.show(.sell) }
        }
        present(response)
    }

    /// Loads the orders matching the query, newest first.
    public func load() {
        generation += 1
        let current = generation
        let text = response.query.isEmpty ? nil : response.query
        let stores = context.stores
        Task {
            let result: Result<[LocalOrder], OrderError>
            do throws(OrderError) { result = .success(try await stores.dispatch { OrderAction.listOrders(filter: .init(text: text, limit: 200), reply: $0) }) } catch { result = .failure(error) }
            guard current == self.generation else { return }
            self.response.isLoading = false
            self.response.isDemo = stores.isDemo
            switch result {
            case .success(let orders):
                self.response.orders = orders
                self.response.selected = min(self.response.selected, max(0, orders.count - 1))
            case .failure(let error):
                self.response.message = error.message
                self.response.isError = true
            }
            self.present(self.response)
        }
    }

    private func reprint() {
        guard response.orders.indices.contains(response.selected) else { return }
        let order = String(response.orders[response.selected].localNumber), stores = context.stores
        response.message = L10n.tr("orders.reprinting", ["order": "\(order)"])
        response.isError = false
        Task {
            do throws(ReceiptError) {
                let outcome = try await stores.dispatch {
                    ReceiptAction.reprint(order: order, printer: nil, reply: $0)
                }
                self.response.message = L10n.tr("orders.reprinted", ["order": "\(order)", "printer": outcome.job.printerName])
            } catch {
                self.response.message = "\(error.message) \(error.recoverySuggestion)"
                self.response.isError = true
            }
            self.present(self.response)
        }
    }
}
