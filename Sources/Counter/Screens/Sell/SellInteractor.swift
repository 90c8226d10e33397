import Foundation
import Localization
import POSFoundation
import Yosemite

/// The sell screen's logic: the cart, search-as-you-type, scans and prompts. Talks only to Yosemite, through
/// the stores manager: `ProductAction` to find items, `OrderAction.editSale` for every cart change (the checkout
/// persists it priced, so a crash or Ctrl-Q never loses the cart), `OrderAction.currentSale` to restore it.
/// Edits run one at a time, in order: the first one opens the sale, the next ones edit it.
@MainActor
public final class SellInteractor {
    /// The state shown.
    public internal(set) var response: SellDataFlow.Response
    /// Receives each new state (the presenter and view, wired by the builder).
    var present: (SellDataFlow.Response) -> Void = { _ in }
    let context: CounterContext
    private var searchGeneration = 0
    /// The search whose results ``response`` holds (``searchGeneration`` when they answer the query on screen).
    private var answeredGeneration = 0
    /// Whether a search for the query typed is still running (the results shown answer an older one).
    public var isSearching: Bool { answeredGeneration != searchGeneration }
    /// Bumped by each customer search, so an older answer never replaces a newer one.
    var customerGeneration = 0
    /// Cart edits waiting for the checkout, oldest first; one runs at a time.
    private var pendingEdits: [Checkout.CartEdit] = []
    private var editing = false
    /// Totals are being computed for the current cart.
    private var totalsPending = false
    /// The cashier pressed pay before the totals arrived: go to pay as soon as they do.
    private var payWhenTotalsArrive = false
    /// Whether the pending pay is by card.
    private var payByCard = false

    /// Creates the interactor with an empty cart.
    public init(context: CounterContext) {
        self.context = context
        response = SellDataFlow.Response(currency: context.settings.currency, moneyFormat: context.settings.moneyFormat)
    }

    /// Handles one request.
    public func handle(_ request: SellDataFlow.Request) {
        switch request {
        case .typed(let character):
            if response.prompt != nil { response.promptText.append(character); promptTextChanged() } else { setQuery(response.query + String(character)) }
        case .backspace:
            if response.prompt != nil { _ = response.promptText.popLast(); promptTextChanged() } else if !response.query.isEmpty { setQuery(String(response.query.dropLast())) }
        case .enterPressed: enterPressed()
        case .escapePressed:
            if response.preview != nil { closePreview() } else if response.parked != nil { response.parked = nil } else if response.prompt != nil { closePrompt() } else if !response.query.isEmpty { setQuery("") } else { response.message = nil }
        case .selectionUp: moveSelection(by: -1)
        case .selectionDown: moveSelection(by: 1)
        case .scanned(let code): scanned(code)
        case .quantityKeyPressed: openPrompt(.quantity, needsLine: true)
        case .removeLineKeyPressed: if response.parked != nil { voidSelectedParked() } else { removeSelectedLine() }
        case .discountKeyPressed: openPrompt(.discount, needsLine: false)
        case .lineDiscountKeyPressed: openPrompt(.lineDiscount, needsLine: true)
        case .couponKeyPressed: openPrompt(.coupon, needsLine: false)
        case .customerKeyPressed: openPrompt(.customer, needsLine: false)
        case .noSaleKeyPressed: openDrawer()
        case .previewKeyPressed: togglePreview()
        case .payKeyPressed: payByCard = false; pay()
        case .payCardKeyPressed: payByCard = true; pay()
        case .parkKeyPressed:
            // F10: with a cart, park it (a name, or the next number); with none, the list of parked carts.
            if response.lines.isEmpty { showParked() } else { openPrompt(.parkName, needsLine: true) }
        case .parkedListKeyPressed: showParked()
        case .voidKeyPressed: voidSelectedParked()
        case .ordersKeyPressed: context.router?.show(.orders)
        case .shiftKeyPressed: context.router?.show(.shift)
        case .menuKeyPressed: context.router?.show(.menu)
        }
        present(response)
    }

    /// Whether every cart edit is persisted (none waiting or running).
    public var isSaved: Bool { !editing && pendingEdits.isEmpty }

    /// Clears the cart for the next customer.
    public func newSale() {
        response = SellDataFlow.Response(currency: context.settings.currency, moneyFormat: context.settings.moneyFormat)
        pendingEdits = []
        present(response)
    }

    /// Shows the sale that was open when the counter stopped (crash, power cut, Ctrl-Q), if any.
    public func restore() {
        let stores = context.stores
        Task {
            guard let sale = try? await stores.dispatch({ OrderAction.currentSale(reply: $0) }),
                  self.response.saleId == nil, self.response.lines.isEmpty else { return }
            self.response.show(sale)
            self.lookUpCustomerName()
            if !sale.cart.items.isEmpty {
                self.response.message = SellDataFlow.Message(text: L10n.tr("sell.restored", ["sale": "\(sale.id)"]), isError: false)
            }
            self.present(self.response)
        }
    }

    // MARK: - Finding items

    private func setQuery(_ query: String) {
        response.query = query
        response.selectedResult = 0
        searchGeneration += 1
        let generation = searchGeneration
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { response.results = []; answeredGeneration = generation; return }
        let stores = context.stores
        Task {
            let found = try? await stores.dispatch { ProductAction.search(text: text, limit: 50, reply: $0) }
            guard generation == self.searchGeneration else { return }
            self.answeredGeneration = generation
            self.response.results = (found ?? []).map { CatalogItem.product($0) }
            self.present(self.response)
        }
    }

    private func enterPressed() {
        if let parked = response.parked {
            if parked.indices.contains(response.selectedParked) { resume(parked[response.selectedParked]) }
            return
        }
        if response.prompt == .customer {
            attachCustomer(text: response.promptText.trimmingCharacters(in: .whitespaces))
            return
        }
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
                let variations = (try? await stores.dispatch { ProductAction.loadVariations(productID: parent.id, reply: $0) }) ?? []
                guard generation == self.searchGeneration else { return }
                self.response.results = variations.map { CatalogItem.variation($0, parent: parent) }
                self.response.selectedResult = 0
                self.response.message = SellDataFlow.Message(text: L10n.tr("sell.chooseVariation", ["product": parent.name]), isError: false)
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
            do throws(CatalogError) {
                let scanned = try await stores.dispatch { ProductAction.scan(code: code, reply: $0) }
                let item = scanned.item
                if item.product.type == "variable" && item.variation == nil {
                    self.response.message = SellDataFlow.Message(text: L10n.tr("sell.variable", ["code": code, "product": item.name]), isError: true)
                } else if scanned.needsWeight {
                    self.weigh(scanned)
                } else if scanned.measure != nil {
                    self.addMeasured(scanned.cartItem(), name: item.name)
                } else {
                    self.add(item)
                }
            } catch .unreadableLabel(let label, let reason) {
                self.response.message = SellDataFlow.Message(text: L10n.tr("sell.unreadableLabel", ["label": label, "reason": "\(reason)"]), isError: true)
            } catch let error where error.isNotInCatalog {
                // Not here, and not on the store (or the store could not be asked): offer a manual item.
                // The prompt says so (it takes the message line); the message stays for after Esc.
                var offline = false
                if case .notFoundOffline = error { offline = true }
                self.response.message = SellDataFlow.Message(
                    text: L10n.tr((typed ? "sell.notFound.typed" : "sell.notFound.scanned") + (offline ? ".offline" : ""),
                                  ["code": code]),
                    isError: true)
                self.openPrompt(.manualItem(code: code, offline: offline), needsLine: false)
            } catch {
                self.response.message = SellDataFlow.Message(text: "\(code): \(error)", isError: true)
            }
            self.present(self.response)
        }
    }

    /// A product sold by weight: asks the scale, and adds the line only with a stable, positive weight.
    private func weigh(_ scanned: ScannedItem) {
        let stores = context.stores
        response.message = SellDataFlow.Message(text: L10n.tr("sell.weighing", ["product": scanned.item.name]), isError: false)
        present(response)
        Task {
            do throws(WeighingError) {
                let weight = try await stores.dispatch { ScaleAction.weigh(reply: $0) }
                self.addMeasured(scanned.cartItem(weighing: weight), name: scanned.item.name)
            } catch {
                self.response.message = SellDataFlow.Message(
                    text: L10n.tr("sell.notAdded", ["product": scanned.item.name, "error": "\(error.message) \(error.recoverySuggestion)"]),
                    isError: true)
            }
            self.present(self.response)
        }
    }

    /// Adds a weighed or labelled line (the checkout keeps it a line of its own).
    private func addMeasured(_ item: Cart.Item, name: String) {
        response.message = SellDataFlow.Message(text: L10n.tr("sell.added", ["product": name]), isError: false)
        submit(.add(item))
    }

    // MARK: - The cart

    private func add(_ item: CatalogItem) {
        if item.product.soldByWeight {
            weigh(ScannedItem(item: item))
            return
        }
        let code = item.cartCode
        // The checkout decides whether the code adds to a line or makes a new one; the cart is drawn as it answers.
        response.message = SellDataFlow.Message(text: L10n.tr("sell.added", ["product": item.name]), isError: false)
        submit(.add(Cart.Item(code: code, quantity: 1)))
    }

    private func removeSelectedLine() {
        guard let index = response.selectedLine ?? response.lines.indices.last else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.cartEmpty"), isError: true)
            return
        }
        let removed = response.lines[index]
        response.message = SellDataFlow.Message(text: L10n.tr("sell.removed", ["product": removed.name]), isError: false)
        submit(.removeLine(index))
    }

    private func moveSelection(by step: Int) {
        if let preview = response.preview {
            response.previewOffset = max(0, min(max(0, preview.count - 1), response.previewOffset + step))
        } else if response.prompt == .customer, !response.customerResults.isEmpty {
            response.selectedCustomer = max(0, min(response.customerResults.count - 1, response.selectedCustomer + step))
        } else if let parked = response.parked {
            response.selectedParked = max(0, min(parked.count - 1, response.selectedParked + step))
        } else if !response.results.isEmpty {
            response.selectedResult = max(0, min(response.results.count - 1, response.selectedResult + step))
        } else if !response.lines.isEmpty {
            let current = response.selectedLine ?? response.lines.count - 1
            response.selectedLine = max(0, min(response.lines.count - 1, current + step))
        }
    }

    /// Hands a cart edit to the checkout; edits run one at a time, in order, each persisted before the next.
    func submit(_ edit: Checkout.CartEdit) {
        if response.preview != nil { closePreview() }
        pendingEdits.append(edit)
        totalsPending = true
        guard !editing else { return }
        editing = true
        let stores = context.stores
        Task {
            while !self.pendingEdits.isEmpty {
                let next = self.pendingEdits.removeFirst()
                let saleId = self.response.saleId
                var result: Result<SaleSummary, OrderError>
                do throws(OrderError) {
                    result = .success(try await stores.dispatch { OrderAction.editSale(saleId: saleId, edit: next, reply: $0) })
                } catch { result = .failure(error) }
                // A discount above the threshold needs a manager's PIN; the shell's gate asks for it.
                if case .failure(.cashier(.approvalRequired(let kind))) = result,
                   let approval = await self.context.requestApproval(kind) {
                    do throws(OrderError) {
                        result = .success(try await stores.dispatch {
                            OrderAction.editSale(saleId: saleId, edit: next, approval: approval, reply: $0)
                        })
                    } catch { result = .failure(error) }
                }
                switch result {
                case .success(let sale):
                    if self.pendingEdits.isEmpty { self.response.show(sale, after: next) } else { self.response.saleId = sale.id }
                case .failure(let error):
                    // Nothing was recorded for this edit: show the cart as the checkout holds it.
                    self.pendingEdits = []
                    self.payWhenTotalsArrive = false
                    self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
                    if let id = saleId ?? self.response.saleId,
                       let stored = try? await stores.dispatch({ OrderAction.loadSale(reference: String(id), reply: $0) }) {
                        let message = self.response.message
                        self.response.show(stored)
                        self.response.message = message
                    } else if self.response.saleId == nil {
                        let message = self.response.message
                        self.response = SellDataFlow.Response(currency: self.response.currency, moneyFormat: self.response.moneyFormat)
                        self.response.message = message
                    }
                }
            }
            self.editing = false
            self.totalsPending = false
            if self.payWhenTotalsArrive {
                self.payWhenTotalsArrive = false
                self.pay()
            }
            self.present(self.response)
        }
    }

    // MARK: - Parked carts

    private func park(name: String) {
        guard let saleId = response.saleId, !editing else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.park.waitForSave"), isError: true)
            return
        }
        let stores = context.stores
        Task {
            do throws(OrderError) {
                let parked = try await stores.dispatch { OrderAction.parkSale(saleId: saleId, name: name.isEmpty ? nil : name, reply: $0) }
                self.newSale()
                self.response.message = SellDataFlow.Message(text: L10n.tr("sell.parkedAs", ["name": parked.name ?? String(parked.id)]), isError: false)
            } catch {
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
            }
            self.present(self.response)
        }
    }

    private func showParked() {
        let stores = context.stores
        Task {
            let parked = (try? await stores.dispatch { OrderAction.listSales(states: [.parked], reply: $0) }) ?? []
            self.response.parked = parked
            self.response.selectedParked = 0
            self.response.message = parked.isEmpty
                ? SellDataFlow.Message(text: L10n.tr("sell.parked.none"), isError: false)
                : SellDataFlow.Message(text: L10n.tr("sell.parked.hint"), isError: false)
            if parked.isEmpty { self.response.parked = nil }
            self.present(self.response)
        }
    }

    private func resume(_ sale: SaleSummary) {
        guard response.lines.isEmpty else {
            response.parked = nil
            response.message = SellDataFlow.Message(text: L10n.tr("sell.parkFirst"), isError: true)
            return
        }
        let stores = context.stores, current = response.saleId
        Task {
            do throws(OrderError) {
                if let current { _ = try? await stores.dispatch { OrderAction.voidSale(reference: String(current), reply: $0) } }
                let resumed = try await stores.dispatch { OrderAction.resumeSale(reference: String(sale.id), reply: $0) }
                self.response = SellDataFlow.Response(currency: self.response.currency, moneyFormat: self.response.moneyFormat)
                self.response.show(resumed)
                self.response.message = SellDataFlow.Message(text: L10n.tr("sell.resumed", ["name": resumed.name ?? String(resumed.id)]), isError: false)
                self.lookUpCustomerName()
            } catch {
                self.response.parked = nil
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
            }
            self.present(self.response)
        }
    }

    private func voidSelectedParked() {
        guard let parked = response.parked, parked.indices.contains(response.selectedParked) else { return }
        let sale = parked[response.selectedParked], stores = context.stores, context = context
        Task {
            do {
                // A parked cart that holds a payment needs a manager to void it (the order store says so).
                _ = try await context.approving { approval in
                    try await stores.dispatch {
                        OrderAction.voidSale(reference: String(sale.id), approval: approval, reply: $0)
                    }
                } needed: { error in
                    if case OrderError.cashier(.approvalRequired(let kind)) = error { return kind }
                    return nil
                }
                self.showParked()
            } catch let error as OrderError {
                self.response.message = SellDataFlow.Message(text: "\(error.message) \(error.recoverySuggestion)", isError: true)
                self.present(self.response)
            } catch {
                self.response.message = SellDataFlow.Message(text: "\(error)", isError: true)
                self.present(self.response)
            }
        }
    }

    // MARK: - Prompts and paying

    private func openPrompt(_ prompt: SellDataFlow.Prompt, needsLine: Bool) {
        if needsLine && response.lines.isEmpty {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.cartEmpty"), isError: true)
            return
        }
        closePreview()
        response.prompt = prompt
        response.promptText = ""
        response.customerResults = []
        response.selectedCustomer = 0
    }

    func closePrompt() {
        response.prompt = nil
        response.customerResults = []
        customerGeneration += 1
    }

    private func applyPrompt(_ prompt: SellDataFlow.Prompt, text: String) {
        response.prompt = nil
        switch SellPromptParser.parse(prompt, text: text, currency: context.settings.currency,
                                      separators: context.settings.moneyFormat.separators) {
        case .failure(let message):
            response.message = SellDataFlow.Message(text: message, isError: true)
            return
        case .quantity(let quantity):
            guard let index = response.selectedLine ?? response.lines.indices.last else { return }
            if quantity == 0 { response.selectedLine = index; removeSelectedLine(); return }
            response.lines[index].quantity = quantity
            response.message = nil
            submit(.setQuantity(line: index, quantity: quantity))
        case .lineDiscount(let discount, let label):
            guard let index = response.selectedLine ?? response.lines.indices.last else { return }
            response.lines[index].discount = label
            response.message = nil
            submit(.lineDiscount(line: index, discount))
        case .discount(let discount, let label):
            response.discount = discount
            response.discountText = label
            response.message = nil
            submit(.cartDiscount(discount))
        case .coupon(let code):
            response.coupon = code
            response.message = nil
            submit(.coupon(code))
        case .customer(let id):
            response.customerId = id
            response.message = nil
            submit(.customer(id))
        case .parkName(let name):
            park(name: name)
        case .manualItem(let item):
            let name = item.manual?.displayName ?? L10n.tr("sell.prompt.manualItem")
            response.message = SellDataFlow.Message(text: L10n.tr("sell.addedManual", ["product": name]), isError: false)
            submit(.add(item))
        }
    }

    private func pay() {
        if totalsPending {
            // The cart shown is the previous answer's: pay as soon as the checkout answers this edit.
            payWhenTotalsArrive = true
            return
        }
        guard !response.lines.isEmpty else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.addFirst"), isError: true)
            return
        }
        guard let totals = response.totals else {
            response.message = SellDataFlow.Message(text: L10n.tr("sell.noTotal"), isError: true)
            return
        }
        guard let saleId = response.saleId else { return }
        let request = PayRequest(saleId: saleId, total: Money(minorUnits: totals.total, currency: response.currency))
        context.router?.show(payByCard ? .payCard(request, cash: nil) : .payCash(request))
    }
}
