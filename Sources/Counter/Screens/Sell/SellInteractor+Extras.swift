import Foundation
import Localization
import POSFoundation
import Yosemite

/// The sell screen's customer search (F6), "no sale" (^O) and receipt preview (^R).
extension SellInteractor {
    // MARK: - Customers

    /// Searches the customers as the cashier types into the customer prompt (2 characters or more).
    func promptTextChanged() {
        guard response.prompt == .customer else { return }
        customerGeneration += 1
        let generation = customerGeneration
        let text = response.promptText.trimmingCharacters(in: .whitespaces)
        response.selectedCustomer = 0
        guard text.count >= 2 || (text.count >= 1 && text.allSatisfy(\.isNumber)) else {
            response.customerResults = []
            return
        }
        let stores = context.stores
        Task {
            let found = try? await stores.dispatch { CustomerAction.search(text: text, limit: 20, reply: $0) }
            guard generation == self.customerGeneration, self.response.prompt == .customer else { return }
            self.response.customerResults = found ?? []
            self.response.selectedCustomer = 0
            self.present(self.response)
        }
    }

    /// Enter in the customer prompt: attaches the chosen match; with nothing typed, makes the sale a guest sale.
    func attachCustomer(text: String) {
        if text.isEmpty {
            closePrompt()
            guard response.customerId != nil else { return }
            response.customerId = nil
            response.customerName = nil
            response.message = SellDataFlow.Message(text: L10n.tr("sell.customer.removed"), isError: false)
            if !response.lines.isEmpty || response.saleId != nil { submit(.customer(nil)) }
            return
        }
        guard response.customerResults.indices.contains(response.selectedCustomer) else {
            // The search may still be running: ask for the one customer the text names.
            let stores = context.stores
            Task {
                do throws(CustomerError) {
                    let customer = try await stores.dispatch { CustomerAction.resolve(text: text, reply: $0) }
                    self.closePrompt()
                    self.attach(customer)
                } catch {
                    // The prompt closes so the message shows (F6 again to search again).
                    self.closePrompt()
                    self.response.message = SellDataFlow.Message(
                        text: Self.sentence(error.message) + " — F6 to search again", isError: true)
                }
                self.present(self.response)
            }
            return
        }
        let customer = response.customerResults[response.selectedCustomer]
        closePrompt()
        attach(customer)
    }

    func attach(_ customer: CustomerSummary) {
        response.customerId = customer.id
        response.customerName = customer.displayName
        response.message = SellDataFlow.Message(text: L10n.tr("sell.customer.attached", ["customer": customer.displayName, "id": "\(customer.id)"]), isError: false)
        submit(.customer(customer.id))
    }

    /// The attached customer's name, for a cart restored or resumed with only the customer number.
    func lookUpCustomerName() {
        guard let id = response.customerId, response.customerName == nil else { return }
        let stores = context.stores
        Task {
            guard let customer = try? await stores.dispatch({ CustomerAction.load(id: id, reply: $0) }),
                  self.response.customerId == id else { return }
            self.response.customerName = customer.displayName
            self.present(self.response)
        }
    }

    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    // MARK: - No sale and the receipt preview

    /// ^O: opens the cash drawer without a sale; the shift logs it (the Z report counts it).
    func openDrawer() {
        let stores = context.stores, context = context
        Task {
            do {
                let outcome = try await context.approving { approval in
                    try await stores.dispatch { ShiftAction.openDrawer(reason: "", printer: nil, approval: approval, reply: $0) }
                } needed: { error in
                    if case ShiftError.cashier(.approvalRequired(let kind)) = error { return kind }
                    return nil
                }
                self.response.message = SellDataFlow.Message(
                    text: L10n.tr(outcome.openedShiftId != nil ? "sell.noSale.openedShift" : "sell.noSale",
                                  ["shift": "\(outcome.shiftId)", "count": "\(outcome.countInShift)"]),
                    isError: false)
            } catch let error as ShiftError {
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
            } catch {
                self.response.message = SellDataFlow.Message(text: "\(error)", isError: true)
            }
            self.present(self.response)
        }
    }

    static var previewHint: String { L10n.tr("sell.previewHint") }

    func closePreview() {
        response.preview = nil
        if response.message?.text == Self.previewHint { response.message = nil }
    }

    /// ^R: the receipt this cart will print (the same composition as the printed one), or closes it.
    func togglePreview() {
        if response.preview != nil {
            closePreview()
            return
        }
        guard !response.lines.isEmpty else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.preview.empty"), isError: true)
            return
        }
        guard let saleId = response.saleId, isSaved else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.preview.waitForSave"), isError: true)
            return
        }
        let stores = context.stores
        Task {
            do throws(ReceiptError) {
                let preview = try await stores.dispatch { ReceiptAction.previewSale(saleId: saleId, width: nil, reply: $0) }
                let text = preview.rendered.text(width: preview.width)
                self.response.prompt = nil
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                self.response.preview = lines
                // From the title down (lines, coupons, taxes, total): the store's header is one ↑ away.
                self.response.previewOffset = lines.firstIndex { $0.contains("PREVIEW") } ?? 0
                self.response.message = SellDataFlow.Message(text: Self.previewHint, isError: false)
            } catch {
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
            }
            self.present(self.response)
        }
    }
}
