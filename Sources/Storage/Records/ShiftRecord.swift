import Foundation
import GRDB
import POSFoundation

/// One cashier shift: opened with a counted float, closed with a count; its Z report text is kept for reprint.
public struct ShiftRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "shift"
    /// The cash put in or taken out during the shift.
    public static let movements = hasMany(CashMovementRecord.self).order(CashMovementRecord.Columns.id)

    public var id: Int64?
    public var cashier: String
    public var currencyCode: String
    public var currencyExponent: Int
    /// The cash counted into the drawer when the shift opened, in minor units.
    public var openingFloat: Int64
    public var openedAt: Date
    public var closedAt: Date?
    /// The cash counted at close, in minor units.
    public var countedCash: Int64?
    /// The cash the drawer should have held at close, in minor units.
    public var expectedCash: Int64?
    /// The Z report as printed (receipt markup), for reprint.
    public var reportText: String?
    /// The card terminal's end of day at close (Yosemite's value as JSON), once the close ran or tried it.
    public var terminalClosing: String?

    /// Creates an open shift.
    public init(id: Int64? = nil, cashier: String, openingFloat: Money, openedAt: Date) {
        self.id = id
        self.cashier = cashier
        self.currencyCode = openingFloat.currency.code
        self.currencyExponent = openingFloat.currency.exponent
        self.openingFloat = openingFloat.minorUnits
        self.openedAt = openedAt
    }

    /// The shift's currency.
    public var currency: Currency { Currency(code: currencyCode, exponent: currencyExponent) }
    /// Whether the shift is still open.
    public var isOpen: Bool { closedAt == nil }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let openedAt = Column(CodingKeys.openedAt)
        public static let closedAt = Column(CodingKeys.closedAt)
    }
}
