import Foundation
import POSFoundation
import Storage

/// Carts, sales and history, all local: a sale needs the catalog on this counter, never the network.
///
/// A sale is written in one `performAndSave` transaction: the order with its lines, fees, coupons and tax
/// lines, the cash payment, and the one outbox entry `.createOrder` (created paid) that the sync engine sends.
@MainActor
public final class OrderStore: Store {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: OrderAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? OrderAction else {
            preconditionFailure("OrderStore received \(type(of: action))")
        }
        let environment = environment
        switch action {
        case .previewTotals(let cart, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.resolve(cart, environment).totals }) }
        case .completeSale(let cart, let tender, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.completeSale(cart, tender, environment) }) }
        case .openCardSale(let cart, let onCompletion):
            Task { onCompletion(await Self.result { try await Self.openCardSale(cart, environment) }) }
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

    private static func resolve(_ cart: Cart, _ environment: AppEnvironment) async throws -> (ResolvedCart, totals: OrderTotals) {
        guard let settings = try await SettingsRepository(database: environment.database).load() else {
            throw OrderError.storeSettingsMissing
        }
        let now = environment.now()
        let resolved = try await environment.database.read { db in
            let catalog = CatalogAccess(
                lookup: { try BarcodeMatch.lookup($0, in: db) },
                product: { try ProductRecord.find(id: $0, in: db) },
                variation: { try ProductVariationRecord.find(id: $0, in: db) },
                categoryIds: { try ProductCategoryLinkRecord.categoryIds(ofProduct: $0, in: db) },
                coupon: { try CouponRecord.find(code: $0, in: db) },
                taxRates: { try TaxRateRecord.all(in: db) })
            return try ResolvedCart.resolve(cart, settings: settings, now: now, catalog: catalog)
        }
        return (resolved, TotalsCalculator().totals(for: resolved.input))
    }

    private static func completeSale(_ cart: Cart, _ tender: Tender, _ environment: AppEnvironment) async throws -> Sale {
        let (resolved, totals) = try await resolve(cart, environment)
        let currency = resolved.settings.currency
        let due = Money(minorUnits: totals.total, currency: currency)
        let tendered: Money
        switch tender {
        case .cash(let amount): tendered = amount ?? due
        }
        guard tendered.minorUnits >= due.minorUnits else { throw OrderError.tenderTooLow(due: due, tendered: tendered) }
        let builder = SaleBuilder(cart: resolved, totals: totals, customerId: cart.customerId, note: cart.note)
        let clientUUID = environment.uuid.client()
        let now = environment.now()
        let change = tendered.minorUnits - due.minorUnits
        let orderId = try await environment.database.performAndSave { db in
            let localNumber = try OrderRecord.allocateLocalNumber(in: db)
            var detail = builder.detail(clientUUID: clientUUID, localNumber: localNumber, now: now,
                                        tendered: tendered.minorUnits, change: change)
            try OrderRecord.insert(&detail, in: db)
            let orderId = detail.order.id!
            let create = SaleBuilder.text(builder.paidCreateBody(clientUUID: clientUUID, localNumber: localNumber, now: now))
            try OutboxRecord.enqueue(.createOrder, orderId: orderId, entityId: clientUUID.description, payload: create, in: db)
            return orderId
        }
        let order = try await loadDetail(id: orderId, environment)
        return Sale(order: order, tendered: tendered, change: Money(minorUnits: change, currency: currency))
    }

    /// Writes the order awaiting payment, with the `POST orders` body kept for the outbox until it is paid.
    private static func openCardSale(_ cart: Cart, _ environment: AppEnvironment) async throws -> LocalOrder {
        let (resolved, totals) = try await resolve(cart, environment)
        let builder = SaleBuilder(cart: resolved, totals: totals, customerId: cart.customerId, note: cart.note)
        let clientUUID = environment.uuid.client()
        let now = environment.now()
        let orderId = try await environment.database.performAndSave { db in
            let localNumber = try OrderRecord.allocateLocalNumber(in: db)
            var detail = builder.detail(clientUUID: clientUUID, localNumber: localNumber, now: now, tendered: 0, change: 0)
            detail.payments = []
            detail.order.syncState = .local
            try OrderRecord.insert(&detail, in: db)
            let orderId = detail.order.id!
            let create = SaleBuilder.text(builder.createBody(clientUUID: clientUUID, localNumber: localNumber, now: now))
            try OrderAwaitingPaymentRecord(orderId: orderId, createPayload: create, createdAt: now).insert(db)
            return orderId
        }
        return try await loadDetail(id: orderId, environment)
    }

    private static func list(_ filter: OrderHistoryFilter, _ environment: AppEnvironment) async throws -> [LocalOrder] {
        try await environment.database.read { db in
            try OrderRecord.history(filter, in: db).compactMap { order in
                try order.id.flatMap { try OrderRecord.detail(id: $0, in: db) }.map(LocalOrder.init)
            }
        }
    }

    private static func load(_ reference: String, _ environment: AppEnvironment) async throws -> LocalOrder {
        let detail = try await environment.database.read { db in
            try OrderRecord.find(reference: reference, in: db).flatMap { order in
                try order.id.flatMap { try OrderRecord.detail(id: $0, in: db) }
            }
        }
        guard let detail else { throw OrderError.orderNotFound(reference: reference) }
        return LocalOrder(detail: detail)
    }

    private static func loadDetail(id: Int64, _ environment: AppEnvironment) async throws -> LocalOrder {
        guard let detail = try await environment.database.read({ db in try OrderRecord.detail(id: id, in: db) }) else {
            throw OrderError.orderNotFound(reference: String(id))
        }
        return LocalOrder(detail: detail)
    }
}
