import POSFoundation
import Storage

/// Sales (the checkout) and the local order history.
public enum OrderAction: Action {
    public typealias Failure = OrderError

    /// Computes a cart's totals from the local catalog, as WooCommerce will.
    case previewTotals(cart: Cart, reply: Reply<OrderTotals>)
    /// The newest open sale (the counter's cart at start), priced; `nil` when none is open.
    case currentSale(reply: Reply<SaleSummary?>)
    /// Opens a sale with a whole cart, priced and checked against the limits, persisted. With cashiers set up, a
    /// manual discount above the threshold needs `approval` (a manager's), as does voiding a sale that holds a
    /// payment.
    case openSale(cart: Cart, approval: ManagerApproval? = nil, reply: Reply<SaleSummary>)
    /// Applies one cart edit to a sale (a new sale when `saleId` is `nil`), persisted priced.
    case editSale(saleId: Int64?, edit: Checkout.CartEdit, approval: ManagerApproval? = nil, reply: Reply<SaleSummary>)
    /// Takes cash to pay what a sale has due (`nil`: the exact amount) and completes it; cash short of the due is
    /// refused (``OrderError/tenderTooLow(due:tendered:)``) with nothing recorded.
    case payCash(saleId: Int64, tendered: Money?, reply: Reply<Sale>)
    /// Opens a sale for the cart and pays it in cash at once (the command line and benchmarks).
    case completeSale(cart: Cart, tender: Tender, approval: ManagerApproval? = nil, reply: Reply<Sale>)
    /// Puts an open sale aside under a name (or the next number).
    case parkSale(saleId: Int64, name: String?, reply: Reply<SaleSummary>)
    /// Makes a parked sale (by id or name) open again.
    case resumeSale(reference: String, reply: Reply<SaleSummary>)
    /// Abandons an open or parked sale (by id or name).
    case voidSale(reference: String, approval: ManagerApproval? = nil, reply: Reply<SaleSummary>)
    /// One sale by id or parked name.
    case loadSale(reference: String, reply: Reply<SaleSummary>)
    /// Sales in the given states, newest first.
    case listSales(states: [Checkout.State], reply: Reply<[SaleSummary]>)
    /// Local orders matching a filter, newest first.
    case listOrders(filter: OrderQuery, reply: Reply<[LocalOrder]>)
    /// One order by local number, client UUID or server number ("#123").
    case loadOrder(reference: String, reply: Reply<LocalOrder>)
}
