/// What one sync did, and what is left: the answer of ``SyncAction/syncNow(maxWait:reply:)``.
public struct SyncSummary: Sendable, Hashable, Codable {
    /// Entries delivered by sending them.
    public var sent: Int
    /// Creates found already on the server (after an uncertain send) and adopted instead of sent again.
    public var adopted: Int
    /// Entries parked during this sync.
    public var newlyParked: Int
    /// Entries parked in total, waiting for a person.
    public var parked: Int
    /// Entries still waiting to be sent (pending or in flight), not counting those behind a parked entry.
    public var remaining: Int
    /// Entries that wait behind a parked entry of their order (sent once it is resolved).
    public var waitingBehindParked: Int
    /// In-flight entries found at start, left by a process that died while sending.
    public var recoveredInFlight: Int
    /// Orders whose server totals differ from the counter's.
    public var mismatches: [TotalMismatch]
    /// Managed products whose stock is below zero after the sync.
    public var negativeStock: [NegativeStock]
    /// Whether the store could not be reached (the sync stopped early).
    public var unreachable: Bool
    /// The last failure met, for the operator.
    public var lastError: String?

    public init(
        sent: Int = 0, adopted: Int = 0, newlyParked: Int = 0, parked: Int = 0, remaining: Int = 0,
        waitingBehindParked: Int = 0, recoveredInFlight: Int = 0, mismatches: [TotalMismatch] = [], negativeStock: [NegativeStock] = [],
        unreachable: Bool = false, lastError: String? = nil
    ) {
        self.sent = sent
        self.adopted = adopted
        self.newlyParked = newlyParked
        self.parked = parked
        self.remaining = remaining
        self.waitingBehindParked = waitingBehindParked
        self.recoveredInFlight = recoveredInFlight
        self.mismatches = mismatches
        self.negativeStock = negativeStock
        self.unreachable = unreachable
        self.lastError = lastError
    }

    /// Whether nothing is left to send and nothing is parked.
    public var isComplete: Bool { remaining == 0 && parked == 0 }
}

/// An order whose total or tax, as the server computed it, differs from the counter's.
public struct TotalMismatch: Sendable, Hashable, Codable {
    /// The local order id.
    public var orderId: Int64
    /// The store's order id.
    public var remoteId: Int64
    /// The store's order number.
    public var remoteNumber: String
    /// The order's currency; the amounts below are its minor units.
    public var currencyCode: String
    /// The counter's total.
    public var localTotal: Int64
    /// The store's total.
    public var serverTotal: Int64
    /// The counter's tax.
    public var localTax: Int64
    /// The store's tax.
    public var serverTax: Int64

    public init(orderId: Int64, remoteId: Int64, remoteNumber: String, currencyCode: String, localTotal: Int64,
                serverTotal: Int64, localTax: Int64, serverTax: Int64) {
        self.orderId = orderId
        self.remoteId = remoteId
        self.remoteNumber = remoteNumber
        self.currencyCode = currencyCode
        self.localTotal = localTotal
        self.serverTotal = serverTotal
        self.localTax = localTax
        self.serverTax = serverTax
    }
}

/// A managed product whose stock went below zero (offline sales sold more than the store had).
public struct NegativeStock: Sendable, Hashable, Codable {
    /// The store's product id.
    public var productId: Int64
    /// The product's name on the store.
    public var name: String
    /// The stock quantity as the server reports it, as text ("-2").
    public var quantity: String

    public init(productId: Int64, name: String, quantity: String) {
        self.productId = productId
        self.name = name
        self.quantity = quantity
    }
}
