import POSFoundation
import Storage

/// Sales (the checkout) and the local order history.
public enum OrderAction: Action {
    /// Computes a cart's totals from the local catalog, as WooCommerce will.
    case previewTotals(cart: Cart, onCompletion: @Sendable (Result<OrderTotals, OrderError>) -> Void)
    /// The newest open sale (the counter's cart at start), priced; `nil` when none is open.
    case currentSale(onCompletion: @Sendable (Result<SaleSummary?, OrderError>) -> Void)
    /// Opens a sale with a whole cart, priced and checked against the limits, persisted.
    case openSale(cart: Cart, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// Applies one cart edit to a sale (a new sale when `saleId` is `nil`), persisted priced.
    case editSale(saleId: Int64?, edit: Checkout.CartEdit, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// Takes cash for a sale (`nil`: the exact amount due); completes it when the tenders cover the total.
    case payCash(saleId: Int64, tendered: Money?, onCompletion: @Sendable (Result<CashPayment, OrderError>) -> Void)
    /// Opens a sale for the cart and pays it in cash at once (the command line and benchmarks).
    case completeSale(cart: Cart, tender: Tender, onCompletion: @Sendable (Result<Sale, OrderError>) -> Void)
    /// Puts an open sale aside under a name (or the next number).
    case parkSale(saleId: Int64, name: String?, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// Makes a parked sale (by id or name) open again.
    case resumeSale(reference: String, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// Abandons an open or parked sale (by id or name).
    case voidSale(reference: String, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// One sale by id or parked name.
    case loadSale(reference: String, onCompletion: @Sendable (Result<SaleSummary, OrderError>) -> Void)
    /// Sales in the given states, newest first.
    case listSales(states: [Checkout.State], onCompletion: @Sendable (Result<[SaleSummary], OrderError>) -> Void)
    /// Local orders matching a filter, newest first.
    case listOrders(filter: OrderQuery, onCompletion: @Sendable (Result<[LocalOrder], OrderError>) -> Void)
    /// One order by local number, client UUID or server number ("#123").
    case loadOrder(reference: String, onCompletion: @Sendable (Result<LocalOrder, OrderError>) -> Void)
}

/// What a cash tender did: completed the sale, or left the rest due.
public enum CashPayment: Hashable, Sendable {
    case completed(Sale)
    case partial(SaleSummary)
}
