import Foundation
import GRDB

/// A rendered receipt, kept for reprint: its text, optionally its ESC/POS bytes, and its print state.
///
/// A failed print never loses the receipt: the row stays with ``PrintState/failed`` and the error.
public struct ReceiptRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "receipt"
    public static let order = belongsTo(OrderRecord.self)

    /// What the receipt is for.
    public enum Kind: String, Codable, Hashable, Sendable {
        case sale
        case refund
        case reversal
        case cardSlip
        case endOfDay
    }

    /// Where printing stands.
    public enum PrintState: String, Codable, Hashable, Sendable {
        case pending
        case printing
        case printed
        case failed
    }

    public var id: Int64?
    /// The order it belongs to; `nil` for an end-of-day report.
    public var orderId: Int64?
    public var kind: Kind
    /// The column width it was rendered for (32, 42, 48…).
    public var width: Int
    public var renderedText: String
    public var escposBytes: Data?
    /// The printer (CUPS queue or file) it was last sent to.
    public var printer: String?
    public var printState: PrintState
    public var lastPrintError: String?
    public var reprintCount: Int
    public var createdAt: Date
    public var printedAt: Date?

    public init(
        id: Int64? = nil, orderId: Int64?, kind: Kind, width: Int, renderedText: String, escposBytes: Data? = nil,
        printer: String? = nil, printState: PrintState = .pending, lastPrintError: String? = nil,
        reprintCount: Int = 0, createdAt: Date, printedAt: Date? = nil
    ) {
        self.id = id
        self.orderId = orderId
        self.kind = kind
        self.width = width
        self.renderedText = renderedText
        self.escposBytes = escposBytes
        self.printer = printer
        self.printState = printState
        self.lastPrintError = lastPrintError
        self.reprintCount = reprintCount
        self.createdAt = createdAt
        self.printedAt = printedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let kind = Column(CodingKeys.kind)
        public static let printState = Column(CodingKeys.printState)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}
