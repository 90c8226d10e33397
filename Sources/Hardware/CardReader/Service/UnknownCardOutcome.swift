import POSFoundation

/// A money-moving operation whose outcome the terminal never confirmed: the line dropped, a timer ran out,
/// or the terminal contradicted itself. The card may have been charged.
///
/// It carries what resolving it needs: the reader, what was asked, the terminal's last receipt number before it
/// (journalled by the caller, or seen by the driver on this connection) and when the attempt started. A caller that
/// resolves after a restart rebuilds it from its journal row; ``UnknownOutcomeMatcher`` decides.
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
    /// Why the outcome is unknown, in the cashier's words ("the terminal stopped answering during the payment");
    /// drivers keep their internal case names out of it.
    public var reason: String
    /// The receipt number of the last transaction the driver saw complete before this one, if any.
    public var previousReceiptNumber: Int?
    /// The terminal's slip lines received before the outcome became unknown.
    public var receiptLines: [String]
    /// When the attempt started, in seconds since 1970 UTC, if the caller journalled it.
    public var startedAtUnixTime: Int64?

    /// Creates an unknown outcome.
    public init(
        reader: String, kind: Kind, amount: Money?, reversedReceiptNumber: Int? = nil, reason: String,
        previousReceiptNumber: Int? = nil, receiptLines: [String] = [], startedAtUnixTime: Int64? = nil
    ) {
        self.reader = reader
        self.kind = kind
        self.amount = amount
        self.reversedReceiptNumber = reversedReceiptNumber
        self.reason = reason
        self.previousReceiptNumber = previousReceiptNumber
        self.receiptLines = receiptLines
        self.startedAtUnixTime = startedAtUnixTime
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
