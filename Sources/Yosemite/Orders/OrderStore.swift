import Foundation
import POSFoundation
import Storage

/// Sales and history, all local: a sale needs the catalog on this counter, never the network.
///
/// Every sale step goes through ``SaleService``, which applies it to the sale's ``Checkout`` and persists it with
/// Storage's named writes; a completed sale is one transaction: the order with its lines, fees, coupons, tax
/// lines and payments, and ONE `.createOrder` outbox entry created paid.
@MainActor
public final class OrderStore: Store {
    /// The resolved lines of the sale the counter is ringing up: a scan resolves only its new line.
    private let lineCache = ResolvedLineCache()

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: OrderAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? OrderAction else {
            preconditionFailure("OrderStore received \(type(of: action))")
        }
        let environment = environment
        let sales = SaleService(environment: environment)
        switch action {
        case .previewTotals(let cart, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.price(cart).1 }) }
        case .currentSale(let onCompletion):
            Task { onCompletion(await Self.result { try await sales.current() }) }
        case .openSale(let cart, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.open(cart) }) }
        case .editSale(let saleId, let edit, let onCompletion):
            let cached = SaleService(environment: environment, lineCache: lineCache)
            Task { onCompletion(await Self.result { try await cached.edit(saleId: saleId, edit) }) }
        case .payCash(let saleId, let tendered, let onCompletion):
            Task {
                onCompletion(await Self.result {
                    switch try await sales.payCash(saleId: saleId, tendered: tendered) {
                    case .completed(let sale): return CashPayment.completed(sale)
                    case .partial(let summary): return CashPayment.partial(summary)
                    }
                })
            }
        case .completeSale(let cart, let tender, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.completeSale(cart, tender, sales) }) }
        case .parkSale(let saleId, let name, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.park(saleId: saleId, name: name) }) }
        case .resumeSale(let reference, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.resume(reference) }) }
        case .voidSale(let reference, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.void(reference) }) }
        case .loadSale(let reference, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.load(reference) }) }
        case .listSales(let states, let onCompletion):
            Task { onCompletion(await Self.result { try await sales.list(states) }) }
        case .listOrders(let filter, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.list(filter, environment) }) }
        case .loadOrder(let reference, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.load(reference, environment) }) }
        }
    }

    // MARK: - Work (off the main actor)

    private static func result<T>(_ body: () async throws -> T) async -> Result<T, OrderError> {
        do {
            return .success(try await body())
        } catch let error as OrderError {
            return .failure(error)
        } catch {
            return .failure(.storage(String(describing: error)))
        }
    }

    /// A whole cart paid in cash at once: the same checkout steps as the counter's (open, cash, complete).
    private static func completeSale(_ cart: Cart, _ tender: Tender, _ sales: SaleService) async throws -> Sale {
        let tendered: Money?
        switch tender {
        case .cash(let amount): tendered = amount
        }
        if let tendered {
            // Refused before anything is recorded.
            let (resolved, totals) = try await sales.price(cart)
            let due = Money(minorUnits: totals.total, currency: resolved.settings.currency)
            if tendered.minorUnits < due.minorUnits { throw OrderError.tenderTooLow(due: due, tendered: tendered) }
        }
        let sale = try await sales.open(cart)
        switch try await sales.payCash(saleId: sale.id, tendered: tendered) {
        case .completed(let done): return done
        case .partial(let open): throw OrderError.tenderTooLow(due: open.total, tendered: open.paid)
        }
    }

    private static func list(_ query: OrderQuery, _ environment: AppEnvironment) async throws -> [LocalOrder] {
        try await environment.database.orderHistory(query.filter).map(LocalOrder.init)
    }

    private static func load(_ reference: String, _ environment: AppEnvironment) async throws -> LocalOrder {
        let detail = try await environment.database.orderDetail(reference: reference)
        guard let detail else { throw OrderError.orderNotFound(reference: reference) }
        return LocalOrder(detail: detail)
    }

    static func loadDetail(id: Int64, _ environment: AppEnvironment) async throws -> LocalOrder {
        guard let detail = try await environment.database.orderDetail(id: id) else {
            throw OrderError.orderNotFound(reference: String(id))
        }
        return LocalOrder(detail: detail)
    }
}
