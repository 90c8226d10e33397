import POSFoundation

/// A money-moving operation whose outcome the terminal never confirmed: the line dropped, a timer ran out,
/// or the terminal contradicted itself. The card may have been charged.
///
/// It carries what resolving it needs: the reader, what was asked, and the last receipt number the driver
/// saw before (a Repeat Receipt that still shows that number means the operation never happened).
public struct UnknownCardOutcome: Hashable, Sendable, Codable {
    /// What was asked.
    public enum Kind: String, Hashable, Sendable, Codable { case payment, refund, reversal }

    /// The reader that was asked, as its address text (`zvt+tcp://…`).
    public var reader: String
    /// What was asked.
    public var kind: Kind
    /// The amount asked for, when the operation carried one.
    public var amount: Money?
    /// The receipt number a reversal named.
    public var reversedReceiptNumber: Int?
    /// Why the outcome is unknown, for the log and the cashier ("transportFailed", "completionTimeout", …).
    public var reason: String
    /// The receipt number of the last transaction the driver saw complete before this one, if any.
    public var previousReceiptNumber: Int?
    /// The terminal's slip lines received before the outcome became unknown.
    public var receiptLines: [String]

    /// Creates an unknown outcome.
    public init(
        reader: String, kind: Kind, amount: Money?, reversedReceiptNumber: Int? = nil, reason: String,
        previousReceiptNumber: Int? = nil, receiptLines: [String] = []
    ) {
        self.reader = reader
        self.kind = kind
        self.amount = amount
        self.reversedReceiptNumber = reversedReceiptNumber
        self.reason = reason
        self.previousReceiptNumber = previousReceiptNumber
        self.receiptLines = receiptLines
    }
}

/// What resolving an ``UnknownCardOutcome`` with the terminal found.
public enum UnknownOutcomeResolution: Hashable, Sendable {
    /// The terminal reports the operation as approved: record it, do not charge again.
    case approved(PaymentResult)
    /// The terminal's last transaction is an earlier one, or it reports ours as declined: nothing was charged.
    case notCharged
    /// The terminal could not tell (no Repeat Receipt, unreachable, or a protocol without one, like Concert).
    /// Check the terminal's own journal or slip before charging again.
    case stillUnknown(reason: String)
}
