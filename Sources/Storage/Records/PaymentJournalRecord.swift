import Foundation
import GRDB
import POSFoundation

/// One card payment attempt, written before the request leaves for the terminal.
///
/// An attempt left in ``State/started``, ``State/requestSent`` or ``State/unknown`` is unresolved: its outcome
/// must be settled with the terminal (status enquiry, repeat receipt), never by charging again.
/// The ``result`` JSON is checked on every save: keys that name a full card number, track data or an expiry
/// date are refused.
public struct PaymentJournalRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "paymentJournal"

    /// Where an attempt stands.
    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        case started
        case requestSent
        case approved
        case declined
        case unknown
        case resolved

        /// The states whose outcome is not settled yet.
        public static let unresolved: [State] = [.started, .requestSent, .unknown]
    }

    /// The attempt's id (a UUID string), also sent to the terminal where the protocol allows.
    public var attemptId: String
    public var orderId: Int64?
    /// The sale (checkout) a sale attempt pays; its order id is set when the sale completes.
    public var saleId: Int64?
    /// The reader address, such as "zvt+tcp://10.0.0.5:20007".
    public var readerId: String
    /// "sale", "refund" or "reversal".
    public var kind: String
    public var amount: Int64
    public var currencyCode: String
    public var currencyExponent: Int
    public var state: State
    /// The terminal's answer as JSON: result code, brand, last 4, receipt and trace numbers. Never a PAN.
    public var result: String?
    public var startedAt: Date
    public var updatedAt: Date
    public var resolvedAt: Date?
    /// The terminal's last receipt number known before the request left (journalled with the row).
    public var previousReceiptNumber: Int?
    /// The attempt's own receipt number, once approved.
    public var receiptNumber: Int?
    /// Why the row was resolved, for rows resolved by hand or found not charged.
    public var note: String?

    public init(
        attemptId: String, orderId: Int64? = nil, readerId: String, kind: String = "sale", amount: Money,
        state: State = .started, result: String? = nil, startedAt: Date, updatedAt: Date? = nil, resolvedAt: Date? = nil,
        previousReceiptNumber: Int? = nil, receiptNumber: Int? = nil, note: String? = nil, saleId: Int64? = nil
    ) {
        self.saleId = saleId
        self.previousReceiptNumber = previousReceiptNumber
        self.receiptNumber = receiptNumber
        self.note = note
        self.attemptId = attemptId
        self.orderId = orderId
        self.readerId = readerId
        self.kind = kind
        self.amount = amount.minorUnits
        self.currencyCode = amount.currency.code
        self.currencyExponent = amount.currency.exponent
        self.state = state
        self.result = result
        self.startedAt = startedAt
        self.updatedAt = updatedAt ?? startedAt
        self.resolvedAt = resolvedAt
    }

    /// The attempted amount as `Money`.
    public var amountMoney: Money {
        Money(minorUnits: amount, currency: Currency(code: currencyCode, exponent: currencyExponent))
    }

    /// Whether the outcome still has to be settled with the terminal.
    public var isUnresolved: Bool { State.unresolved.contains(state) }

    public func willSave(_ db: Database) throws {
        if let result, let key = CardDataGuard.forbiddenKey(inJSON: result) {
            throw StorageError(code: .constraintViolation, detail: "payment journal result holds forbidden key \(key)")
        }
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let attemptId = Column(CodingKeys.attemptId)
        public static let orderId = Column(CodingKeys.orderId)
        public static let saleId = Column(CodingKeys.saleId)
        public static let state = Column(CodingKeys.state)
        public static let startedAt = Column(CodingKeys.startedAt)
        public static let readerId = Column(CodingKeys.readerId)
        public static let receiptNumber = Column(CodingKeys.receiptNumber)
    }
}
