import Foundation
import POSFoundation
import Storage

/// Sales and history, all local: a sale needs the catalog on this counter, never the network.
///
/// Every sale step goes through ``SaleService``, which applies it to the sale's ``Checkout`` and persists it with
/// Storage's named writes; a completed sale is one transaction: the order with its lines, fees, coupons, tax
/// lines and payments, and ONE `.createOrder` outbox entry created paid.
@MainActor
public final class OrderStore: Store, ActionsProcessor {
    /// The resolved lines of the sale the counter is ringing up: a scan resolves only its new line.
    private let openSale = OpenSaleCache()

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: OrderAction) async throws(OrderError) -> Replied {
        let environment = environment
        let sales = SaleService(environment: environment)
        switch action {
        case let .previewTotals(cart, reply):
            return reply(try await Self.orderError { try await sales.price(cart).1 })
        case let .currentSale(reply):
            return reply(try await Self.orderError { try await sales.current() })
        case let .openSale(cart, approval, reply):
            return reply(try await Self.orderError { try await sales.open(cart, approval: approval) })
        case let .editSale(saleId, edit, approval, reply):
            let cached = SaleService(environment: environment, openSale: openSale)
            return reply(try await Self.orderError { try await cached.edit(saleId: saleId, edit, approval: approval) })
        case let .payCash(saleId, tendered, reply):
            return reply(try await Self.orderError { try await sales.payCash(saleId: saleId, tendered: tendered) })
        case let .completeSale(cart, tender, approval, reply):
            return reply(try await Self.orderError { try await Self.completeSale(cart, tender, approval, sales) })
        case let .parkSale(saleId, name, reply):
            return reply(try await Self.orderError { try await sales.park(saleId: saleId, name: name) })
        case let .resumeSale(reference, reply):
            return reply(try await Self.orderError { try await sales.resume(reference) })
        case let .voidSale(reference, approval, reply):
            return reply(try await Self.orderError { try await sales.void(reference, approval: approval) })
        case let .loadSale(reference, reply):
            return reply(try await Self.orderError { try await sales.load(reference) })
        case let .listSales(states, reply):
            return reply(try await Self.orderError { try await sales.list(states) })
        case let .listOrders(filter, reply):
            return reply(try await Self.orderError { try await Self.list(filter, environment) })
        case let .loadOrder(reference, reply):
            return reply(try await Self.orderError { try await Self.load(reference, environment) })
        }
    }

    // MARK: - Work (off the main actor)

    /// Runs the work off the main actor; a failure that is not an ``OrderError`` is a storage failure.
    @concurrent
    private nonisolated static func orderError<T: Sendable>(
        _ body: @Sendable () async throws -> T
    ) async throws(OrderError) -> T {
        do {
            return try await body()
        } catch let error as OrderError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// A whole cart paid in cash at once (`Checkout.Event.sell`): cash short of the price is refused by the checkout
    /// before anything is recorded, so nothing is left open, voided or numbered.
    private nonisolated static func completeSale(_ cart: Cart, _ tender: Tender, _ approval: ManagerApproval?,
                                                _ sales: SaleService) async throws -> Sale {
        let tendered: Money?
        switch tender {
        case .cash(let amount): tendered = amount
        }
        return try await sales.sell(cart, cash: tendered, approval: approval)
    }

    private nonisolated static func list(_ query: OrderQuery, _ environment: AppEnvironment) async throws -> [LocalOrder] {
        try await environment.database.orderHistory(query.filter).map(LocalOrder.init)
    }

    private nonisolated static func load(_ reference: String, _ environment: AppEnvironment) async throws -> LocalOrder {
        let detail = try await environment.database.orderDetail(reference: reference)
        guard let detail else { throw OrderError.orderNotFound(reference: reference) }
        return LocalOrder(detail: detail)
    }

    nonisolated static func loadDetail(id: Int64, _ environment: AppEnvironment) async throws -> LocalOrder {
        guard let detail = try await environment.database.orderDetail(id: id) else {
            throw OrderError.orderNotFound(reference: String(id))
        }
        return LocalOrder(detail: detail)
    }
}
