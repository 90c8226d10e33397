import Foundation
import POSFoundation
import Yosemite

/// The sell screen's logic: the cart, search-as-you-type, scans and prompts. Talks only to Yosemite, through
/// the stores manager: `ProductAction` to find items, `OrderAction.previewTotals` for totals.
@MainActor
public final class SellInteractor {
    /// The state shown.
    public private(set) var response: SellDataFlow.Response
    /// Receives each new state (the presenter and view, wired by the builder).
    var present: (SellDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext
    private var searchGeneration = 0
    private var totalsGeneration = 0
    /// Totals are being computed for the current cart.
    private var totalsPending = false
    /// The cashier pressed pay before the totals arrived: go to pay as soon as they do.
    private var payWhenTotalsArrive = false
    /// Whether the pending pay is by card.
    private var payByCard = false

    /// Creates the interactor with an empty cart.
    public init(context: CounterContext) {
        self.context = context
        response = SellDataFlow.Response(currency: context.settings.currency)
    }

    /// Handles one request.
    public func handle(_ request: SellDataFlow.Request) {
        switch request {
        case .typed(let character):
            if response.prompt != nil { response.promptText.append(character) } else { setQuery(response.query + String(character)) }
        case .backspace:
            if response.prompt != nil { _ = response.promptText.popLast() } else if !response.query.isEmpty { setQuery(String(response.query.dropLast())) }
        case .enterPressed: enterPressed()
        case .escapePressed:
            if response.prompt != nil { response.prompt = nil } else if !response.query.isEmpty { setQuery("") } else { response.message = nil }
        case .selectionUp: moveSelection(by: -1)
        case .selectionDown: moveSelection(by: 1)
        case .scanned(let code): scanned(code)
        case .quantityKeyPressed: openPrompt(.quantity, needsLine: true)
        case .removeLineKeyPressed: removeSelectedLine()
        case .discountKeyPressed: openPrompt(.discount, needsLine: false)
        case .couponKeyPressed: openPrompt(.coupon, needsLine: false)
        case .customerKeyPressed: openPrompt(.customer, needsLine: false)
        case .payKeyPressed: payByCard = false; pay()
        case .payCardKeyPressed: payByCard = true; pay()
        case .ordersKeyPressed: context.router?.show(.orders)
        case .shiftKeyPressed: context.router?.show(.shift)
        case .menuKeyPressed: context.router?.show(.menu)
        }
        present(response)
    }

    /// Clears the cart for the next customer.
    public func newSale() {
        response = SellDataFlow.Response(currency: context.settings.currency)
        present(response)
    }

    // MARK: - Finding items

    private func setQuery(_ query: String) {
        response.query = query
        response.selectedResult = 0
        searchGeneration += 1
        let generation = searchGeneration
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { response.results = []; return }
        let stores = context.stores
        Task {
            let found = try? await stores.perform { ProductAction.search(text: text, limit: 50, onCompletion: $0) }
            guard generation == self.searchGeneration else { return }
            self.response.results = (found ?? []).map { CatalogItem.product($0) }
            self.present(self.response)
        }
    }

    private func enterPressed() {
        if let prompt = response.prompt {
            applyPrompt(prompt, text: response.promptText.trimmingCharacters(in: .whitespaces))
            return
        }
        if response.results.indices.contains(response.selectedResult) {
            choose(response.results[response.selectedResult])
        } else if !response.query.isEmpty {
            let code = response.query.trimmingCharacters(in: .whitespaces)
            setQuery("")
            lookUp(code, typed: true)
        }
    }

    private func choose(_ item: CatalogItem) {
        if item.product.type == "variable" && item.variation == nil {
            let stores = context.stores, parent = item.product
            let generation = searchGeneration
            Task {
                let variations = (try? await stores.perform { ProductAction.loadVariations(productID: parent.id, onCompletion: $0) }) ?? []
                guard generation == self.searchGeneration else { return }
                self.response.results = variations.map { CatalogItem.variation($0, parent: parent) }
                self.response.selectedResult = 0
                self.response.message = SellDataFlow.Message(text: "Choose a variation of \(parent.name)", isError: false)
                self.present(self.response)
            }
            return
        }
        setQuery("")
        add(item)
    }

    private func scanned(_ code: String) {
        lookUp(code, typed: false)
    }

    private func lookUp(_ code: String, typed: Bool) {
        let stores = context.stores
        Task {
            do {
                let item = try await stores.perform { ProductAction.lookup(code: code, onCompletion: $0) }
                if item.product.type == "variable" && item.variation == nil {
                    self.response.message = SellDataFlow.Message(text: "\(code) is \(item.name), which comes in variations — scan or choose one", isError: true)
                } else {
                    self.add(item)
                }
            } catch {
                let kind = typed ? "no product or barcode" : "unknown barcode"
                self.response.message = SellDataFlow.Message(
                    text: "\(kind) \(code) — not in the catalog; sync the catalog or key the item", isError: true)
            }
            self.present(self.response)
        }
    }

    // MARK: - The cart

    private func add(_ item: CatalogItem) {
        let code = item.sku.flatMap { $0.isEmpty ? nil : $0 } ?? item.globalUniqueID.flatMap { $0.isEmpty ? nil : $0 }
            ?? String(item.variation?.id ?? item.product.id)
        if let index = response.lines.firstIndex(where: { $0.code == code }) {
            response.lines[index].quantity += 1
            response.selectedLine = index
        } else {
            response.lines.append(SellDataFlow.Line(item: item, quantity: 1, code: code))
            response.selectedLine = response.lines.count - 1
        }
        response.message = SellDataFlow.Message(text: "Added \(item.name)", isError: false)
        recalculate()
    }

    private func removeSelectedLine() {
        guard let index = response.selectedLine ?? response.lines.indices.last else {
            response.message = SellDataFlow.Message(text: "The cart is empty", isError: true)
            return
        }
        let removed = response.lines.remove(at: index)
        response.selectedLine = response.lines.isEmpty ? nil : min(index, response.lines.count - 1)
        response.message = SellDataFlow.Message(text: "Removed \(removed.item.name)", isError: false)
        recalculate()
    }

    private func moveSelection(by step: Int) {
        if !response.results.isEmpty {
            response.selectedResult = max(0, min(response.results.count - 1, response.selectedResult + step))
        } else if !response.lines.isEmpty {
            let current = response.selectedLine ?? response.lines.count - 1
            response.selectedLine = max(0, min(response.lines.count - 1, current + step))
        }
    }

    /// Asks Yosemite for the cart's totals; a later change wins over an earlier answer.
    private func recalculate() {
        totalsGeneration += 1
        let generation = totalsGeneration
        guard !response.lines.isEmpty else { response.totals = nil; totalsPending = false; return }
        totalsPending = true
        let cart = response.cart, stores = context.stores
        Task {
            let result: Result<OrderTotals, OrderError>
            do throws(OrderError) { result = .success(try await stores.perform { OrderAction.previewTotals(cart: cart, onCompletion: $0) }) } catch { result = .failure(error) }
            guard generation == self.totalsGeneration else { return }
            self.totalsPending = false
            switch result {
            case .success(let totals):
                self.response.totals = totals
                if self.payWhenTotalsArrive {
                    self.payWhenTotalsArrive = false
                    self.pay()
                }
            case .failure(let error):
                self.payWhenTotalsArrive = false
                self.response.totals = nil
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
            }
            self.present(self.response)
        }
    }

    // MARK: - Prompts and paying

    private func openPrompt(_ prompt: SellDataFlow.Prompt, needsLine: Bool) {
        if needsLine && response.lines.isEmpty {
            response.message = SellDataFlow.Message(text: "The cart is empty", isError: true)
            return
        }
        response.prompt = prompt
        response.promptText = ""
    }

    private func applyPrompt(_ prompt: SellDataFlow.Prompt, text: String) {
        response.prompt = nil
        switch SellPromptParser.parse(prompt, text: text) {
        case .failure(let message):
            response.message = SellDataFlow.Message(text: message, isError: true)
            return
        case .quantity(let quantity):
            guard let index = response.selectedLine ?? response.lines.indices.last else { return }
            if quantity == 0 { response.selectedLine = index; removeSelectedLine(); return }
            response.lines[index].quantity = quantity
        case .discount(let discount, let label):
            response.discount = discount
            response.discountText = label
        case .coupon(let code): response.coupon = code
        case .customer(let id): response.customerId = id
        }
        response.message = nil
        recalculate()
    }

    private func pay() {
        guard !response.lines.isEmpty else {
            response.message = SellDataFlow.Message(text: "Add an item first", isError: true)
            return
        }
        if totalsPending {
            // The totals shown are the previous cart's: pay as soon as this cart's arrive.
            payWhenTotalsArrive = true
            return
        }
        guard let totals = response.totals else {
            response.message = SellDataFlow.Message(text: "The cart has no total; fix what the message above says", isError: true)
            return
        }
        let request = PayRequest(cart: response.cart, total: Money(minorUnits: totals.total, currency: response.currency))
        context.router?.show(payByCard ? .payCard(request, cash: nil) : .payCash(request))
    }
}
