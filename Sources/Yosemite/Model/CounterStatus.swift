/// What `pos status` reports: which store, and what is waiting to reach it.
public struct CounterStatus: Hashable, Sendable, Codable {
    /// How the counter is set up.
    public enum Mode: String, Hashable, Sendable, Codable {
        /// Nothing configured yet.
        case unconfigured
        /// The embedded demo store.
        case demo
        /// Logged in to a real store.
        case store
    }

    public var mode: Mode
    /// The logged-in account; `nil` in demo and unconfigured modes.
    public var account: Account?
    /// The store's settings as last synchronised (the demo store's in demo mode).
    public var store: StoreSettings?
    /// Outbox entries not yet accepted by the server (pending, in flight or parked).
    public var unsyncedEntries: Int
    /// Orders not yet on the server (an order with several outbox entries counts once); what a cashier is shown.
    public var unsyncedOrders: Int
    /// Card payments whose outcome is not yet settled with the terminal.
    public var unresolvedPayments: Int
    /// The TSE outage still open (German fiscal law), `nil` when the TSE answers or none is set up.
    public var fiscalOutage: FiscalOutage? = nil
    /// The register is in training: sales opened now are training sales.
    public var training = false

    public init(mode: Mode, account: Account?, store: StoreSettings?, unsyncedEntries: Int, unresolvedPayments: Int,
                unsyncedOrders: Int? = nil) {
        self.unsyncedOrders = unsyncedOrders ?? unsyncedEntries
        self.mode = mode
        self.account = account
        self.store = store
        self.unsyncedEntries = unsyncedEntries
        self.unresolvedPayments = unresolvedPayments
    }
}
