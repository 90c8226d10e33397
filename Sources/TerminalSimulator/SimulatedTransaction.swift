import Hardware
import POSFoundation

/// One transaction as the simulated terminal booked it.
public struct SimulatedTransaction: Hashable, Sendable, Codable {
    /// What kind.
    public enum Kind: String, Hashable, Sendable, Codable { case payment, refund, reversal }

    /// What kind.
    public var kind: Kind
    /// The amount.
    public var amount: Money
    /// The result code (0 approved).
    public var resultCode: UInt8
    /// The receipt number (BMP 87).
    public var receiptNumber: Int
    /// The trace number (BMP 0B).
    public var traceNumber: Int
    /// The approval code (BMP 3B), for approved ones.
    public var approvalCode: String
    /// The last four digits of the card.
    public var cardLastFour: String
    /// The card's name for scripts.
    public var cardName: String
    /// The receipt a reversal undid.
    public var reversedReceiptNumber: Int?

    /// True when it went through.
    public var isApproved: Bool { resultCode == 0 }
}
