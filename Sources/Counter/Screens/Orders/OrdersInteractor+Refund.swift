import POSFoundation
import Yosemite

/// Refunds from the order history: `CardPresentPaymentAction.refund` refunds card orders on the terminal and
/// cash orders in cash, and queues the WooCommerce refund through the outbox; then a refund receipt is printed.
extension OrdersInteractor {
    /// Keys while the refund amount prompt is open.
    func handleRefundPrompt(_ request: OrdersDataFlow.Request) {
        if let amount = response.refundToConfirm {
            switch request {
            case .showKeyPressed: response.refundToConfirm = nil; submitRefund(amount)
            case .backKeyPressed:
                response.refundToConfirm = nil
                response.refundText = nil
                response.message = "Nothing refunded."
                response.isError = false
            default: break
            }
            return
        }
        switch request {
        case .typed(let character) where character.isNumber || character == "," || character == ".":
            response.refundText?.append(character)
        case .backspace: _ = response.refundText?.popLast()
        case .backKeyPressed: response.refundText = nil
        case .showKeyPressed: askToConfirm()
        default: break
        }
    }

    /// Reads the amount typed (empty: all that is left) and asks before refunding it.
    private func askToConfirm() {
        guard let text = response.refundText, response.orders.indices.contains(response.selected) else { return }
        let order = response.orders[response.selected]
        var amount = order.refundable
        if !text.isEmpty {
            let separators = context.settings.moneyFormat.separators
            guard let parsed = (try? Money(parsing: text, currency: order.currency, separators: separators))
                ?? (try? Money(parsing: text, currency: order.currency)) else {
                response.message = "\(text) is not an amount"
                response.isError = true
                return
            }
            amount = parsed
        }
        guard amount.minorUnits > 0 else {
            response.refundText = nil
            response.message = order.refundable.minorUnits == 0
                ? "Order \(order.localNumber) is already fully refunded." : "Enter an amount above zero."
            response.isError = true
            return
        }
        response.message = nil
        response.isError = false
        response.refundToConfirm = amount
    }

    private func submitRefund(_ amount: Money) {
        guard response.orders.indices.contains(response.selected) else { return }
        let order = response.orders[response.selected]
        response.refundText = nil
        response.isRefunding = true
        response.isError = false
        response.message = "Refunding order \(order.localNumber)… (a card refund runs on the terminal: follow its prompts)"
        let stores = context.stores, orderId = order.id, number = String(order.localNumber)
        let format = context.settings.moneyFormat
        context.readerActivity.set(.busy)
        let context = context
        Task {
            let reader = await ReaderChoice.address(stores: stores)
            do {
                // Issue 18: with cashiers set up the store asks for a manager's PIN; the shell's gate asks for it.
                let refund = try await context.approving { approval in
                    try await stores.dispatch {
                        CardPresentPaymentAction.refund(orderId: orderId, amount: amount, reader: reader, approval: approval,
                                                        prompts: { _ in }, reply: $0)
                    }
                } needed: { error in
                    if case CardPaymentError.cashier(.approvalRequired(let kind)) = error { return kind }
                    return nil
                }
                let how = refund.card == nil ? "in cash — hand it over" : "to the card"
                let printed = await self.printRefundReceipt(order: number, refund: refund)
                self.response.message = "Refunded \(refund.amount.formatted(format)) \(how); the store refund is queued to sync."
                    + printed
            } catch let error as CardPaymentError {
                self.response.message = "\(error.message) \(error.recoverySuggestion)"
                self.response.isError = true
            } catch {
                self.response.message = "\(error)"
                self.response.isError = true
            }
            self.context.readerActivity.set(nil)
            self.response.isRefunding = false
            self.context.refreshStatus()
            self.load()
        }
    }

    /// Generates and prints the refund receipt; returns a sentence for the message line.
    private func printRefundReceipt(order: String, refund: CardRefund) async -> String {
        let stores = context.stores
        do throws(ReceiptError) {
            let record = try await stores.dispatch {
                ReceiptAction.generateRefund(order: order, amount: refund.amount, reason: nil, card: refund.card, reply: $0)
            }
            guard let id = record.receiptID else { return " Refund receipt stored." }
            let outcome = try await stores.dispatch {
                ReceiptAction.print(receiptID: id, printer: nil, reply: $0)
            }
            return " Refund receipt printed on \(outcome.job.printerName)."
        } catch {
            return " The refund receipt did not print: \(error.message)"
        }
    }
}
