import Foundation
import GRDB
import POSFoundation

/// A sale in progress or done: the checkout's persisted state, written at every step.
///
/// ``cart`` is the cart as Yosemite encodes it (JSON); Storage keeps it opaque. ``total`` is the total last
/// priced for that cart; ``orderId`` is set when the sale completes, in the same transaction that writes the order.
public struct SaleRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "sale"

    /// Where a sale stands.
    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        /// Being rung up or paid.
        case open
        /// Put aside with a name, to resume later.
        case parked
        /// Paid in full: its order exists.
        case completed
        /// Abandoned; its cart is kept for the record.
        case voided
    }

    public var id: Int64?
    public var clientUUID: ClientUUID
    public var state: State
    /// The cart, as Yosemite encodes it.
    public var cart: String
    /// How many items the cart holds (the sum of quantities), for lists.
    public var itemCount: Int
    /// The total last priced for the cart, in minor units.
    public var total: Int64
    public var currencyCode: String
    public var currencyExponent: Int
    /// The parked name ("Table 4", or the next number).
    public var name: String?
    public var shiftId: Int64?
    public var orderId: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    /// The register the sale was opened on (`""`: none set); it keeps it to its end, and its receipt number is
    /// taken from that register's series.
    public var registerId: String?
    /// The TSE client the sale's TSE transaction was started by; the finish uses the same.
    public var tseClient: String?

    /// Creates an open sale.
    public init(id: Int64? = nil, clientUUID: ClientUUID, state: State = .open, cart: String, itemCount: Int = 0,
                total: Money, name: String? = nil, shiftId: Int64? = nil, orderId: Int64? = nil, createdAt: Date,
                updatedAt: Date? = nil) {
        self.id = id
        self.clientUUID = clientUUID
        self.state = state
        self.cart = cart
        self.itemCount = itemCount
        self.total = total.minorUnits
        self.currencyCode = total.currency.code
        self.currencyExponent = total.currency.exponent
        self.name = name
        self.shiftId = shiftId
        self.orderId = orderId
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.registerId = nil
        self.tseClient = nil
    }

    /// The sale's currency.
    public var currency: Currency { Currency(code: currencyCode, exponent: currencyExponent) }
    /// The total as `Money`.
    public var totalMoney: Money { Money(minorUnits: total, currency: currency) }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let state = Column(CodingKeys.state)
        public static let name = Column(CodingKeys.name)
        public static let updatedAt = Column(CodingKeys.updatedAt)
    }
}

/// One tender taken for a sale: cash (with tendered and change) or an approved card payment (with its journal row).
public struct SaleTenderRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "saleTender"

    public var id: Int64?
    public var saleId: Int64
    public var method: PaymentRecord.Method
    /// What the tender pays toward the total (for cash: tendered minus change).
    public var amount: Int64
    public var currencyCode: String
    public var currencyExponent: Int
    public var tendered: Int64?
    public var change: Int64?
    public var transactionId: String?
    public var cardBrand: String?
    /// The last four digits of the card number, and nothing more.
    public var cardLast4: String?
    public var terminalReceiptNumber: String?
    public var terminalTraceNumber: String?
    public var journalAttemptId: String?
    public var createdAt: Date

    /// Creates a tender.
    public init(id: Int64? = nil, saleId: Int64, method: PaymentRecord.Method, amount: Money, tendered: Int64? = nil,
                change: Int64? = nil, transactionId: String? = nil, cardBrand: String? = nil, cardLast4: String? = nil,
                terminalReceiptNumber: String? = nil, terminalTraceNumber: String? = nil,
                journalAttemptId: String? = nil, createdAt: Date) {
        self.id = id
        self.saleId = saleId
        self.method = method
        self.amount = amount.minorUnits
        self.currencyCode = amount.currency.code
        self.currencyExponent = amount.currency.exponent
        self.tendered = tendered
        self.change = change
        self.transactionId = transactionId
        self.cardBrand = cardBrand
        self.cardLast4 = cardLast4
        self.terminalReceiptNumber = terminalReceiptNumber
        self.terminalTraceNumber = terminalTraceNumber
        self.journalAttemptId = journalAttemptId
        self.createdAt = createdAt
    }

    /// The amount as `Money`.
    public var amountMoney: Money {
        Money(minorUnits: amount, currency: Currency(code: currencyCode, exponent: currencyExponent))
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let saleId = Column(CodingKeys.saleId)
    }
}
