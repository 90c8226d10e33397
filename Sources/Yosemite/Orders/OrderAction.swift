import Storage

/// Carts, sales and the local order history.
public enum OrderAction: Action {
    /// Computes a cart's totals from the local catalog, as WooCommerce will.
    case previewTotals(cart: Cart, onCompletion: @Sendable (Result<OrderTotals, OrderError>) -> Void)
    /// Turns the cart into a paid local order: order, lines, payment and two outbox entries (create, mark paid)
    /// in one transaction.
    case completeSale(cart: Cart, tender: Tender, onCompletion: @Sendable (Result<Sale, OrderError>) -> Void)
    /// Turns the cart into a local order awaiting payment (a card or split sale): the order and its lines, no
    /// payment and no outbox entry until ``CardPresentPaymentAction/collectPayment(orderId:cash:reader:onProgress:onCompletion:)``
    /// records the approval. A declined card leaves it awaiting payment (try again, or pay cash the same way).
    case openCardSale(cart: Cart, onCompletion: @Sendable (Result<LocalOrder, OrderError>) -> Void)
    /// Local orders matching a filter, newest first.
    case listOrders(filter: OrderHistoryFilter, onCompletion: @Sendable (Result<[LocalOrder], OrderError>) -> Void)
    /// One order by local number, client UUID or server number ("#123").
    case loadOrder(reference: String, onCompletion: @Sendable (Result<LocalOrder, OrderError>) -> Void)
}
