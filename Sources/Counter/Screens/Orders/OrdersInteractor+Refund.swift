import Localization
import POSFoundation
import Yosemite

/// Refunds from the order history: the order's checkout says what it would refund and how
/// (`CardPresentPaymentAction.planRefund`), the cashier confirms, and `CardPresentPaymentAction.refund` runs it
/// (the manager's approval, the money back in cash or on the terminal, the outbox record, the TSE, the refund
/// receipt). The screen checks no refund rule of its own.
extension OrdersInteractor {
    /// Keys while the refund amount prompt is open.
    func handleRefundPrompt(_ request: OrdersDataFlow.Request) {
        if let plan = response.refundToConfirm {
            switch request {
            case .showKeyPressed: response.refundToConfirm = nil; submitRefund(plan.amount)
            case .backKeyPressed:
                response.refundToConfirm = nil
                response.refundText = nil
                response.message = L10n.tr("orders.refund.nothing")
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

    /// Asks the order's checkout what Enter alone would refund, for the prompt to say it; a refusal is said when
    /// the cashier presses Enter.
    func planDefaultRefund() {
        response.refundDefault = nil
        guard response.orders.indices.contains(response.selected) else { return }
        let stores = context.stores, orderId = response.orders[response.selected].id
        Task {
            let plan = try? await stores.dispatch { CardPresentPaymentAction.planRefund(orderId: orderId, amount: nil, reply: $0) }
            guard self.response.refundText != nil, self.response.orders.indices.contains(self.response.selected),
                  self.response.orders[self.response.selected].id == orderId else { return }
            self.response.refundDefault = plan
            self.present(self.response)
        }
    }

    /// Reads the amount typed (empty: all that is left) and asks the order's checkout what it would refund, and how,
    /// before asking the cashier; what the checkout refuses is said instead.
    private func askToConfirm() {
        guard let text = response.refundText, response.orders.indices.contains(response.selected) else { return }
        let order = response.orders[response.selected]
        var amount: Money?
        if !text.isEmpty {
            let separators = context.settings.moneyFormat.separators
            do {
                amount = try Money(typed: text, currency: order.currency, separators: separators)
            } catch {
                if case .notAnAmount = error {
                    response.message = L10n.tr("pay.notAnAmount", ["text": text])
                } else {
                    response.message = error.message(currency: order.currency, separators: separators)
                }
                response.isError = true
                return
            }
        }
        let stores = context.stores, orderId = order.id
        Task {
            do throws(CardPaymentError) {
                let plan = try await stores.dispatch {
                    CardPresentPaymentAction.planRefund(orderId: orderId, amount: amount, reply: $0)
                }
                guard self.response.refundText != nil else { return }
                self.response.message = nil
                self.response.isError = false
                self.response.refundToConfirm = plan
            } catch {
                self.response.refundText = nil
                self.response.message = "\(error.message) \(error.recoverySuggestion)"
                self.response.isError = true
            }
            self.present(self.response)
        }
    }

    private func submitRefund(_ amount: Money) {
        guard response.orders.indices.contains(response.selected) else { return }
        let order = response.orders[response.selected]
        response.refundText = nil
        response.isRefunding = true
        response.isError = false
        response.message = L10n.tr("orders.refunding", ["order": "\(order.localNumber)"])
        let stores = context.stores, orderId = order.id
        let format = context.settings.moneyFormat
        context.readerActivity.set(.busy)
        let context = context
        Task {
            let reader = await ReaderChoice.address(stores: stores)
            do {
                // With cashiers set up the store asks for a manager's PIN; the shell's gate asks for it.
                let refund = try await context.approving { approval in
                    try await stores.dispatch {
                        CardPresentPaymentAction.refund(orderId: orderId, amount: amount, reader: reader, approval: approval,
                                                        prompts: { _ in }, reply: $0)
                    }
                } needed: { error in
                    if case CardPaymentError.cashier(.approvalRequired(let kind)) = error { return kind }
                    return nil
                }
                let printed = self.refundReceiptNote(refund)
                self.response.message = L10n.tr(refund.card == nil ? "orders.refunded.cash" : "orders.refunded.card",
                                                ["amount": refund.amount.formatted(format)])
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

    /// What issuing the refund receipt did (stored with the refund, printed as the register's setting says), as a
    /// sentence for the message line.
    private func refundReceiptNote(_ refund: CardRefund) -> String {
        switch refund.receipt?.printing {
        case .printed(let printer)?: " " + L10n.tr("orders.refundReceipt.printed", ["printer": printer])
        case .failed(let reason)?: " " + L10n.tr("orders.refundReceipt.failed", ["error": reason])
        case .off?: " " + L10n.tr("orders.refundReceipt.stored")
        case nil: " " + L10n.tr("orders.refundReceipt.missing")
        }
    }
}
