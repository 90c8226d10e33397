import POSFoundation

/// What the counter asks the terminal to charge: an amount and a reference the terminal may keep
/// (an order number), never card data.
public struct PaymentRequest: Hashable, Sendable {
    /// The amount to charge, in the counter's currency.
    public var amount: Money
    /// A short reference (order number) for the terminal's journal and the log; may be empty.
    public var reference: String
    /// The terminal's last receipt number as the caller journalled it before sending, when known; it wins over
    /// what the driver saw on this connection, so an unknown outcome carries the journalled number.
    public var previousReceiptNumber: Int?
    /// When the caller's attempt started (its journal row), in seconds since 1970 UTC, carried into an unknown
    /// outcome for resolution.
    public var startedAtUnixTime: Int64?

    /// Creates a request.
    public init(amount: Money, reference: String = "", previousReceiptNumber: Int? = nil, startedAtUnixTime: Int64? = nil) {
        self.amount = amount
        self.reference = reference
        self.previousReceiptNumber = previousReceiptNumber
        self.startedAtUnixTime = startedAtUnixTime
    }
}
