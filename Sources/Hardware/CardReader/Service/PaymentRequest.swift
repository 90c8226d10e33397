import POSFoundation

/// What the counter asks the terminal to charge: an amount and a reference the terminal may keep
/// (an order number), never card data.
public struct PaymentRequest: Hashable, Sendable {
    /// The amount to charge, in the counter's currency.
    public var amount: Money
    /// A short reference (order number) for the terminal's journal and the log; may be empty.
    public var reference: String

    /// Creates a request.
    public init(amount: Money, reference: String = "") {
        self.amount = amount
        self.reference = reference
    }
}
