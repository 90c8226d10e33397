import Foundation
import Localization
import Logging
import POSFoundation
import Storage

/// Runs the checkout: loads a sale, applies an event to its ``Checkout``, and runs the effects as Storage's named
/// writes (`openSale`, `updateLines`, `recordCashTender`, `completeSale`, `parkSale`, `resumeSale`, `voidSale`).
/// The counter and the command line both come here (through ``OrderAction``); card tenders come through
/// ``CardPaymentCoordinator``, which uses ``complete(saleId:)`` once they cover the total.
struct SaleService: Sendable {
    let environment: AppEnvironment
    /// The current sale's resolved lines (the counter's edits); `nil` resolves every line each time.
    var openSale: OpenSaleCache? = nil
    private var database: AppDatabase { environment.database }
    /// The TSE's side of each sale (German fiscal law; does nothing where no TSE is configured).
    private var fiscal: FiscalCheckout { FiscalCheckout(environment: environment) }

    // MARK: - Reading

    /// The newest open sale, priced (after completing any open sale its tenders already cover).
    func current() async throws(OrderError) -> SaleSummary? {
        await completeCoveredSales()
        await fiscal.settle()
        guard let stored = try await storage({ try await database.currentSale() }) else { return nil }
        return await summary(stored)
    }

    /// A sale by id or parked name, priced.
    func load(_ reference: String) async throws(OrderError) -> SaleSummary {
        guard let stored = try await storage({ try await database.sale(reference: reference) }) else {
            throw .saleNotFound(reference: reference)
        }
        return await summary(stored)
    }

    /// Sales in the given states, newest first (priced for their names).
    func list(_ states: [Checkout.State]) async throws(OrderError) -> [SaleSummary] {
        let stored = try await storage { try await database.sales(in: states.map(Self.record)) }
        var result: [SaleSummary] = []
        for sale in stored { result.append(await summary(sale)) }
        return result
    }

    // MARK: - Events

    /// The checkout's runner for this service.
    var runner: CheckoutRunner { CheckoutRunner(sales: self) }

    /// Opens a sale with a whole cart (the command line), priced and checked against the limits first.
    func open(_ cart: Cart, approval: ManagerApproval? = nil) async throws(OrderError) -> SaleSummary {
        // The writer's entry: what a crash left covered is completed, and the TSE settled, before a new sale.
        await completeCoveredSales()
        await fiscal.settle()
        let run = try await runner.send(.edit(.replace(cart)), to: nil, CheckoutInputs(approval: approval))
        return try summary(of: run)
    }

    /// Rings up a whole cart and pays it in cash at once (`cash` `nil`: the exact amount), the command line's
    /// `pos sell --pay cash`: the checkout records the sale only when the cash covers its price, so a short tender is
    /// refused with nothing recorded.
    func sell(_ cart: Cart, cash: Money?, approval: ManagerApproval? = nil) async throws(OrderError) -> Sale {
        await completeCoveredSales()
        await fiscal.settle()
        let run = try await runner.send(.sell(cart, cash: cash), to: nil, CheckoutInputs(approval: approval))
        return try await sale(of: run)
    }

    /// Applies a cart edit to a sale (a new one when `saleId` is `nil`) and persists it priced.
    func edit(saleId: Int64?, _ edit: Checkout.CartEdit, approval: ManagerApproval? = nil) async throws(OrderError) -> SaleSummary {
        openSale?.reset(for: saleId)
        let run = try await runner.send(.edit(edit), to: saleId, CheckoutInputs(approval: approval))
        return try summary(of: run)
    }

    /// Takes cash to pay what is due (`tendered` `nil`: the exact amount) and completes the sale; short is refused.
    func payCash(saleId: Int64, tendered: Money?) async throws(OrderError) -> Sale {
        let amount: Money
        if let tendered { amount = tendered } else { amount = try await load(id: saleId).due }
        let run = try await runner.send(.tenderCash(amount), to: saleId)
        return try await sale(of: run)
    }

    /// Takes the cash part of a split (less than what is due; the rest goes by card).
    func payCashPart(saleId: Int64, amount: Money) async throws(OrderError) -> SaleSummary {
        _ = try await runner.send(.tenderCash(amount, part: true), to: saleId)
        return try await load(id: saleId)
    }

    /// Completes a sale its tenders already cover (a process died between its last tender and its order, or the
    /// completing write failed): never charges.
    func recover(saleId: Int64) async throws(OrderError) -> Sale {
        let run = try await runner.send(.recover, to: saleId)
        return try await sale(of: run)
    }

    /// The sale a completing run produced: its order, what was tendered, the change, the receipt.
    func sale(of run: CheckoutRun) async throws(OrderError) -> Sale {
        guard let result = run.completed, let saleId = run.saleId else {
            throw .saleRefused(L10n.tr("error.checkout.notCovered"))
        }
        let stored = try await load(id: saleId)
        let order = try await storage { try await OrderStore.loadDetail(id: result.orderId, environment) }
        let cash = stored.tenders.filter { $0.method == .cash }
        let tendered = cash.reduce(Int64(0)) { $0 + ($1.tendered?.minorUnits ?? $1.amount.minorUnits) }
        let change = cash.reduce(Int64(0)) { $0 + ($1.change?.minorUnits ?? 0) }
        var sale = Sale(order: order, tendered: order.money(tendered), change: order.money(change),
                        openedShiftId: result.openedShiftId)
        sale.receipt = run.receipt
        return sale
    }

    /// The ``Checkout/Effect/completeTraining`` write: the training sale's order completed in one transaction,
    /// numbered in the register's training series, with no outbox entry (never sent to the store).
    func writeTrainingOrder(saleId: Int64) async throws(OrderError) -> CompletedSaleResult {
        let stored = try await load(id: saleId)
        let (resolved, totals) = try await price(stored.cart)
        if !stored.priced {
            _ = try await storage {
                try await database.updateLines(saleId: saleId, priced: SaleRecords.priced(stored.cart, (resolved, totals), currency: stored.total.currency))
            }
        }
        let cashier = await CashierService(environment: environment).cashierName()
        let register = RegisterIdentity.current(environment)
        let now = environment.now()
        let result = try await storage {
            try await database.completeTrainingSale(saleId: saleId, cashier: cashier, register: register, total: totals.total,
                                                    completedAt: now)
        }
        environment.logger.notice("checkout: training sale \(saleId) completed; it is not sent to the store")
        return result
    }

    /// The ``Checkout/Effect/complete`` write: one transaction completes the sale's order (its receipt number,
    /// cashier and shift, opened with float 0 when none is open) and writes its ONE `.createOrder` outbox entry
    /// (created paid).
    func writeOrder(saleId: Int64) async throws(OrderError) -> CompletedSaleResult {
        let stored = try await load(id: saleId)
        let (resolved, totals) = try await price(stored.cart)
        if !stored.priced {
            // A cart the v17 migration moved without prices: its lines get their prices once, before it completes.
            _ = try await storage {
                try await database.updateLines(saleId: saleId, priced: SaleRecords.priced(stored.cart, (resolved, totals), currency: stored.total.currency))
            }
        }
        let builder = SaleBuilder(cart: resolved, totals: totals, customerId: stored.cart.customerId, note: stored.cart.note)
        let tenders = stored.tenders
        let cashier = await CashierService(environment: environment).cashierName()
        let register = RegisterIdentity.current(environment)
        let now = environment.now()
        let cardResult = try await cardTenderDetails(saleId: saleId)
        let result = try await storage {
            try await database.completeSale(saleId: saleId, cashier: cashier, register: register) { localNumber, receiptNumber, clientUUID, saleRegister in
                let body = builder.createBody(clientUUID: clientUUID, localNumber: localNumber, receiptNumber: receiptNumber, now: now,
                                              payment: SaleBuilder.Payment(tenders: tenders, card: cardResult, clientUUID: clientUUID),
                                              register: saleRegister, cashier: cashier)
                return CompletedOrderDraft(createPayload: SaleBuilder.text(body), total: totals.total, completedAt: now)
            }
        }
        if let shift = result.openedShiftId {
            environment.logger.notice("checkout: no shift was open; sale \(saleId) opened shift \(shift) with float 0")
        }
        return result
    }

    /// Completes every open sale whose tenders already cover it: a process that died between recording the last
    /// tender and completing the sale (two transactions) left it so. Never charges; returns what it completed.
    /// Every process that opens the data directory as the writer runs it (the counter, `pos sell`, `pos sync`,
    /// the sync scheduler).
    @discardableResult
    func completeCoveredSales() async -> [Sale] {
        guard let open = try? await database.sales(in: [.open]) else { return [] }
        var done: [Sale] = []
        for stored in open where stored.paid.minorUnits > 0 && stored.due.minorUnits == 0 && stored.unresolvedAttemptId == nil {
            do {
                done.append(try await recover(saleId: stored.id))
                environment.logger.notice("checkout: completed sale \(stored.id), covered by its tenders before a restart")
            } catch {
                environment.logger.error("checkout: sale \(stored.id) is covered but could not be completed: \(error.message)")
            }
        }
        return done
    }

    /// Puts an open sale aside under a name (or the next number).
    func park(saleId: Int64, name: String?) async throws(OrderError) -> SaleSummary {
        let run = try await runner.send(.park(name: name), to: saleId)
        return await summary(try await storedSale(run))
    }

    /// Makes a parked sale the open one again.
    func resume(_ reference: String) async throws(OrderError) -> SaleSummary {
        let sale = try await load(reference)
        let run = try await runner.send(.resume, to: sale.id)
        return await summary(try await storedSale(run))
    }

    /// Abandons an open or parked sale: a sale that holds cash needs a manager's PIN (the cash goes back).
    func void(_ reference: String, approval: ManagerApproval? = nil) async throws(OrderError) -> SaleSummary {
        let sale = try await load(reference)
        let run = try await runner.send(.void, to: sale.id, CheckoutInputs(approval: approval))
        return await summary(try await storedSale(run))
    }

    private func storedSale(_ run: CheckoutRun) async throws(OrderError) -> StoredSale {
        if let stored = run.stored { return stored }
        guard let id = run.saleId, let stored = try await storage({ try await database.sale(id: id) }) else {
            throw .saleNotFound(reference: String(run.saleId ?? 0))
        }
        return stored
    }

    /// The summary of an edit's run: the stored sale with the lines as priced.
    private func summary(of run: CheckoutRun) throws(OrderError) -> SaleSummary {
        guard let stored = run.stored else { throw .saleNotFound(reference: String(run.saleId ?? 0)) }
        return summary(stored, priced: run.priced)
    }

    // MARK: - Pricing

    /// Resolves the cart in the local catalog, computes its totals with the one calculator, and checks the limits.
    /// `known` is the store's settings when the caller has just read them (a new sale), so they are not read twice.
    func price(_ cart: Cart, cache: OpenSaleCache? = nil, settings known: StoreSettings? = nil) async throws(OrderError) -> (ResolvedCart, OrderTotals) {
        let settings: StoreSettings
        let limits: SaleLimits
        if let pricing = cache?.pricing {
            (settings, limits) = (pricing.settings, pricing.limits)
        } else {
            if let known { settings = known } else { settings = try await storeSettings() }
            limits = SaleLimits(settings: environment.appSettings(), currency: settings.currency)
            cache?.pricing = OpenSaleCache.Pricing(settings: settings, limits: limits)
        }
        for item in cart.items where item.quantity > limits.maxQuantity {
            throw .limitExceeded(limit: L10n.tr("error.order.limit.quantity"), detail: L10n.tr("error.order.limit.quantity.detail", ["code": item.code, "quantity": String(item.quantity), "max": String(limits.maxQuantity)]))
        }
        let now = environment.now()
        let resolved: ResolvedCart
        do {
            resolved = try await database.readCatalog { catalog in
                try ResolvedCart.resolve(cart, settings: settings, now: now, catalog: catalog, cache: cache)
            }
        } catch let error as OrderError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        let totals = TotalsCalculator().totals(for: resolved.input)
        for line in Self.lines(resolved, totals) where line.amount.minorUnits > limits.maxLineAmount.minorUnits {
            throw .limitExceeded(limit: L10n.tr("error.order.limit.lineAmount"), detail: L10n.tr("error.order.limit.lineAmount.detail", [
                "name": line.name, "quantity": String(describing: line.quantity), "amount": line.amount.formatted(settings.moneyFormat),
                "max": limits.maxLineAmount.formatted(settings.moneyFormat),
            ]))
        }
        return (resolved, totals)
    }

    /// The calculator's per-line amounts, in the store's terms (with tax when prices include tax).
    static func lines(_ resolved: ResolvedCart, _ totals: OrderTotals) -> [SaleSummary.Line] {
        let currency = resolved.settings.currency
        let includeTax = resolved.input.pricesIncludeTax
        return totals.lines.enumerated().map { index, line in
            let info = resolved.info[index]
            var amount = line.total.minorUnits(exponent: currency.exponent)
            var subtotal = line.subtotal.minorUnits(exponent: currency.exponent)
            if includeTax {
                amount += line.totalTax.minorUnits(exponent: currency.exponent, .halfDown)
                subtotal += line.subtotalTax.minorUnits(exponent: currency.exponent, .halfDown)
            }
            return SaleSummary.Line(code: "", name: info.name, quantity: resolved.input.lines[index].quantity,
                                    amount: Money(minorUnits: amount, currency: currency),
                                    subtotal: Money(minorUnits: subtotal, currency: currency), discount: nil,
                                    weightGrams: info.weightGrams,
                                    unitPrice: Money(minorUnits: info.unitPrice, currency: currency))
        }
    }

    // MARK: - Helpers

    /// The sale's summary. `revision`: the sale's stored revision when the caller has just read it
    /// (``AppDatabase/checkoutState(saleId:)``), so it is not read again.
    func load(id: Int64, revision: Int64?? = nil) async throws(OrderError) -> SaleSummary {
        guard let stored = try await stored(id: id, revision: revision) else { throw .saleNotFound(reference: String(id)) }
        return summary(stored, priced: nil)
    }

    /// The stored sale: the cached one while its revision is still the stored one (one row read, unless the
    /// caller knows it), else read whole.
    func stored(id: Int64, revision known: Int64?? = nil) async throws(OrderError) -> StoredSale? {
        if let cached = openSale?.stored(id) {
            let revision: Int64?
            if let known { revision = known } else { revision = try await storage({ try await database.saleRevision(id: id) }) }
            if revision == cached.order.revision { return cached }
        }
        let stored = try await storage { try await database.sale(id: id) }
        if let stored { openSale?.keep(stored) }
        return stored
    }

    /// The summary, priced when the cart still resolves.
    func summary(_ stored: StoredSale) async -> SaleSummary {
        let cart = cart(of: stored)
        let priced = cart.items.isEmpty ? nil : try? await price(cart)
        return summary(stored, priced: priced)
    }

    private func summary(_ stored: StoredSale, priced: (ResolvedCart, OrderTotals)?) -> SaleSummary {
        let cart = cart(of: stored)
        var lines = priced.map { Self.lines($0.0, $0.1) } ?? []
        for index in lines.indices where cart.items.indices.contains(index) {
            lines[index].code = cart.items[index].code
            lines[index].discount = cart.items[index].discount
        }
        let order = stored.order
        let tenders = stored.tenders.map { tender in
            SaleSummary.Tender(
                method: SaleSummary.Tender.Method(rawValue: tender.method.rawValue) ?? .other, amount: order.money(tender.amount),
                tendered: tender.tendered.map { order.money($0) }, change: tender.change.map { order.money($0) },
                cardBrand: tender.cardBrand, cardLast4: tender.cardLast4)
        }
        var summary = SaleSummary(
            id: stored.id, clientUUID: order.clientUUID, state: Checkout.State(rawValue: order.state.rawValue) ?? .open,
            name: order.parkedName, cart: cart, lines: lines, totals: priced?.1, total: order.totalMoney,
            paid: stored.paid, tenders: tenders, unresolvedAttemptId: stored.unresolvedAttemptId,
            orderId: order.state == .completed ? stored.id : nil,
            shiftId: order.shiftId, createdAt: order.createdAt, updatedAt: order.updatedAt)
        summary.priced = order.priced
        summary.training = order.training
        return summary
    }

    /// The approved card results of a sale's card tenders (for the order's transaction id and meta).
    private func cardTenderDetails(saleId: Int64) async throws(OrderError) -> SaleBuilder.CardDetails? {
        let stored = try await storage { try await database.sale(id: saleId) }
        guard let card = stored?.tenders.first(where: { $0.method == .card }) else { return nil }
        return SaleBuilder.CardDetails(
            transactionId: card.transactionId ?? "", brand: card.cardBrand, last4: card.cardLast4,
            receipt: card.terminalReceiptNumber, trace: card.terminalTraceNumber, amount: card.amountMoney)
    }

    /// The store's settings a sale is priced with (read once a sale when the open sale is cached).
    func pricingSettings() async throws(OrderError) -> StoreSettings {
        if let pricing = openSale?.pricing { return pricing.settings }
        let settings = try await storeSettings()
        openSale?.pricing = OpenSaleCache.Pricing(
            settings: settings, limits: SaleLimits(settings: environment.appSettings(), currency: settings.currency))
        return settings
    }

    func storeSettings() async throws(OrderError) -> StoreSettings {
        let loaded: StoreSettings?
        do { loaded = try await SettingsRepository(database: database).load() } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let loaded else { throw .storeSettingsMissing }
        return loaded
    }

    func storage<T: Sendable>(_ work: () async throws -> T) async throws(OrderError) -> T {
        do {
            return try await work()
        } catch let error as SaleWriteError {
            switch error {
            case .notFound(let reference): throw .saleNotFound(reference: reference)
            default: throw .saleRefused(error.description)
            }
        } catch let error as OrderError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    static func record(_ state: Checkout.State) -> OrderRecord.State {
        OrderRecord.State(rawValue: state.rawValue) ?? .open
    }

    static func count(_ cart: Cart) -> Int { cart.items.reduce(0) { $0 + $1.quantity } }

    /// A stored sale's cart, from its order's lines.
    private func cart(of stored: StoredSale) -> Cart { SaleRecords.cart(of: stored) }
}
