import POSFoundation
import Yosemite

/// Where the counter can go, one case per screen; ``CounterRouter`` maps each route to its screen's Builder.
public enum CounterRoute: Sendable {
    /// The sell screen (kept alive, so the cart survives a trip to pay or orders).
    case sell
    /// Cash for a cart.
    case payCash(PayRequest)
    /// Card (with an optional cash part: split tender) for a cart.
    case payCard(PayRequest, cash: Money?)
    /// After a sale: print, reprint, next sale.
    case receipt(Sale)
    /// After a card (or split) sale: the card slip, print, email.
    case cardReceipt(CardSale)
    /// The order history.
    case orders
    /// The cashier's shift: float, cash in/out, close with the Z report.
    case shift
    /// The card readers: list, connect, end of day, resolve.
    case readers
    /// The back-office menu (sync, printers, settings, login).
    case menu
    /// The outbox: pending and parked entries, sync now, retry.
    case sync
    /// The print queues, the receipt printer, test pages.
    case printers
    /// This counter's settings (receipt width, printer, reader, cashier, scanner).
    case settings
    /// Log in to a WooCommerce store (leaving the demo store).
    case login
    /// The cashiers: add, remove, new PIN, unlock (each approved by a manager when the store asks).
    case cashiers
    /// This register's id and TSE client; setting it enrols the register at the TSE.
    case register
    /// The TSE's status and the DSFinV-K export.
    case fiscal
    /// The first run of a real store with no cashiers: register, manager, cashiers, printer, terminal, TSE.
    case setup
}

/// What the pay screens need: the open sale and what is due on it.
public struct PayRequest: Hashable, Sendable {
    /// The sale (checkout) being paid.
    public var saleId: Int64
    /// The amount due.
    public var total: Money

    /// Creates a request.
    public init(saleId: Int64, total: Money) {
        self.saleId = saleId
        self.total = total
    }
}
