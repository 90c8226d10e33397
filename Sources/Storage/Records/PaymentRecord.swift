import Foundation
import GRDB
import POSFoundation

/// One payment taken for a local order: cash (with tendered and change) or card (with the terminal's
/// references).
///
/// Card data is limited to the brand and the last four digits of the card number; the database refuses any
/// other value in `cardLast4`. Deleting an order that has payments fails: payments are never lost silently.
public struct PaymentRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "payment"
    public static let order = belongsTo(OrderRecord.self)

    /// How the customer paid.
    public enum Method: String, Codable, Hashable, Sendable {
        case cash
        case card
        case other
    }

    public var id: Int64?
    public var orderId: Int64
    public var method: Method
    public var amount: Int64
    public var currencyCode: String
    public var currencyExponent: Int
    /// Cash handed over, for cash payments.
    public var tendered: Int64?
    /// Cash given back, for cash payments.
    public var change: Int64?
    /// The payment's reference, sent to the server as `transaction_id`.
    public var transactionId: String?
    public var cardBrand: String?
    /// The last four digits of the card number, and nothing more.
    public var cardLast4: String?
    public var terminalReceiptNumber: String?
    public var terminalTraceNumber: String?
    /// The ``PaymentJournalRecord/attemptId`` that produced this card payment.
    public var journalAttemptId: String?
    public var createdAt: Date

    public init(
        id: Int64? = nil, orderId: Int64, method: Method, amount: Money, tendered: Int64? = nil, change: Int64? = nil,
        transactionId: String? = nil, cardBrand: String? = nil, cardLast4: String? = nil,
        terminalReceiptNumber: String? = nil, terminalTraceNumber: String? = nil, journalAttemptId: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.orderId = orderId
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

    /// The payment's currency.
    public var currency: Currency { Currency(code: currencyCode, exponent: currencyExponent) }
    /// The amount paid as `Money`.
    public var amountMoney: Money { Money(minorUnits: amount, currency: currency) }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let method = Column(CodingKeys.method)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}
