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

        /// Creates a total.
        public init(tender: Tender, count: Int, amount: Int64) {
            self.tender = tender
            self.count = count
            self.amount = amount
        }
    }

    /// Card operations on the terminal without a sale (`pos reader pay|refund|reverse`): in the terminal's batch,
    /// not in the sales or card totals.
    public struct TerminalTotal: Hashable, Sendable, Codable {
        public var count: Int
        /// Payments taken, minus refunds and reversals.
        public var net: Int64

        /// Creates a total.
        public init(count: Int = 0, net: Int64 = 0) {
            self.count = count
            self.net = net
        }
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

        /// Creates a total.
        public init(label: String, ratePercent: String, amount: Int64) {
            self.label = label
            self.ratePercent = ratePercent
            self.amount = amount
        }
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
    /// Terminal operations without a sale started in the shift.
    public var terminalWithoutSale = TerminalTotal()
    /// "No sale" drawer opens in the shift (`nil` in reports stored before they were counted).
    public var noSaleOpens: Int?
    /// The card terminal's end of day at close (`nil` when no reader is configured or the shift is open).
    public var terminalClosing: TerminalClosing?
    /// The register the shift ran on, where one is set.
    public var register: String?
    /// Per cashier, in order of first sign-in, where cashiers are set up; `nil` otherwise.
    public var cashiers: [CashierTotal]?
    /// Sign-ins during the shift (each a switch from whoever was signed in), oldest first, where cashiers are set up.
    public var cashierSwitches: [CashierSwitch]?
    /// Training sales completed in the shift: counted here only, never in the takings, the tenders, the
    /// taxes or the expected cash. `nil` in reports stored before training mode.
    public var trainingSales: Int?

    /// One cashier's part of the shift: their sales (by the order's cashier), tenders and the refunds made while
    /// they were signed in.
    public struct CashierTotal: Hashable, Sendable, Codable {
        public var name: String
        public var salesCount: Int
        public var grossSales: Int64
        public var cashTaken: Int64
        public var cardTaken: Int64
        public var refundCount: Int
        public var refunds: Int64

        /// Creates a total.
        public init(name: String, salesCount: Int = 0, grossSales: Int64 = 0, cashTaken: Int64 = 0, cardTaken: Int64 = 0,
                    refundCount: Int = 0, refunds: Int64 = 0) {
            self.name = name
            self.salesCount = salesCount
            self.grossSales = grossSales
            self.cashTaken = cashTaken
            self.cardTaken = cardTaken
            self.refundCount = refundCount
            self.refunds = refunds
        }
    }

    /// A cashier signing in during the shift (the one before is signed out at the same instant).
    public struct CashierSwitch: Hashable, Sendable, Codable {
        public var name: String
        public var at: Date
    }

    /// Creates a report (the store computes them; tests and previews build them).
    public init(
        shiftId: Int64, cashier: String, currency: Currency, openedAt: Date, closedAt: Date?, salesCount: Int,
        grossSales: Int64, tenders: [TenderTotal], cashTaken: Int64, cardTaken: Int64, refundCount: Int, refunds: Int64,
        cashRefunds: Int64, taxes: [TaxTotal], openingFloat: Int64, cashIn: Int64, cashOut: Int64, expectedCash: Int64,
        countedCash: Int64?, firstOrder: Int64?, lastOrder: Int64?
    ) {
        self.shiftId = shiftId
        self.cashier = cashier
        self.currency = currency
        self.openedAt = openedAt
        self.closedAt = closedAt
        self.salesCount = salesCount
        self.grossSales = grossSales
        self.tenders = tenders
        self.cashTaken = cashTaken
        self.cardTaken = cardTaken
        self.refundCount = refundCount
        self.refunds = refunds
        self.cashRefunds = cashRefunds
        self.taxes = taxes
        self.openingFloat = openingFloat
        self.cashIn = cashIn
        self.cashOut = cashOut
        self.expectedCash = expectedCash
        self.countedCash = countedCash
        self.firstOrder = firstOrder
        self.lastOrder = lastOrder
    }

    /// Counted − expected: negative when cash is missing.
    public var difference: Int64? { countedCash.map { $0 - expectedCash } }
}
