import Foundation
import POSFoundation

/// A shift's Z report: what was sold and how it was paid, refunds, taxes per rate, and the cash the drawer should
/// hold against what was counted. Amounts are minor units of ``currency``. While a shift is open the same report
/// is its running total (``countedCash`` and ``difference`` are then `nil`).
public struct ZReport: Hashable, Sendable, Codable {
    /// Sales of one tender: all cash, all card, or split between them.
    public struct TenderTotal: Hashable, Sendable, Codable {
        public var tender: Tender
        public var count: Int
        public var amount: Int64
    }

    /// How a sale was paid.
    public enum Tender: String, Hashable, Sendable, Codable, CaseIterable {
        case cash, card, split
    }

    /// Tax collected at one rate.
    public struct TaxTotal: Hashable, Sendable, Codable {
        public var label: String
        public var ratePercent: String
        public var amount: Int64
    }

    public var shiftId: Int64
    public var cashier: String
    public var currency: Currency
    public var openedAt: Date
    public var closedAt: Date?
    /// Paid sales in the shift (cancelled and failed orders are left out).
    public var salesCount: Int
    /// The sales' total, tax included.
    public var grossSales: Int64
    /// Sales per tender, in ``Tender`` order, every tender listed.
    public var tenders: [TenderTotal]
    /// Cash taken for sales (the cash part of split sales included), change already given back.
    public var cashTaken: Int64
    /// Card payments for sales (the card part of split sales included).
    public var cardTaken: Int64
    /// Refunds made in the shift, how many and how much.
    public var refundCount: Int
    public var refunds: Int64
    /// The part of ``refunds`` paid back in cash from the drawer.
    public var cashRefunds: Int64
    /// Tax per rate, in first-seen order.
    public var taxes: [TaxTotal]
    public var openingFloat: Int64
    public var cashIn: Int64
    public var cashOut: Int64
    /// Float + cash taken + cash in − cash out − cash refunds.
    public var expectedCash: Int64
    public var countedCash: Int64?
    /// The local numbers of the first and last sale.
    public var firstOrder: Int64?
    public var lastOrder: Int64?

    /// Counted − expected: negative when cash is missing.
    public var difference: Int64? { countedCash.map { $0 - expectedCash } }
}
