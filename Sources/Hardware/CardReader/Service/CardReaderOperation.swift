import POSFoundation

/// One thing a driver can do on a terminal.
public enum CardReaderOperation: Hashable, Sendable {
    /// Charge a card.
    case payment(PaymentRequest)
    /// Credit an amount to the card presented.
    case refund(Money)
    /// Reverse (void) the earlier payment with this receipt number.
    case reversal(receiptNumber: Int)
    /// Close the terminal's batch and report its totals.
    case endOfDay
    /// Ask whether the terminal is ready.
    case status
    /// Run the terminal's diagnosis (host connection check).
    case diagnosis

    /// The phase a failure is reported under.
    public var phase: CardReaderError.Phase {
        switch self {
        case .payment: .authorization
        case .refund: .refund
        case .reversal: .reversal
        case .endOfDay: .endOfDay
        case .status, .diagnosis: .status
        }
    }

    /// True when the operation may move money, so a lost line leaves its outcome unknown.
    public var movesMoney: Bool {
        switch self {
        case .payment, .refund, .reversal: true
        case .endOfDay, .status, .diagnosis: false
        }
    }
}
