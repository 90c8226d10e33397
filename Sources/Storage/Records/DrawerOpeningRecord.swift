import Foundation
import GRDB

/// A "no sale" drawer open: the drawer kicked without a sale, logged in its shift for the Z report.
public struct DrawerOpeningRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "drawerOpening"

    public var id: Int64?
    public var shiftId: Int64
    public var cashier: String
    /// Why the cashier opened it ("change for the bakery", or empty).
    public var reason: String
    /// The printer the kick went to ("file:…", a CUPS queue), or empty for the default one.
    public var printer: String
    /// Who approved it; `nil` where no approval is required (no cashiers set up).
    public var approvedBy: String?
    public var openedAt: Date

    /// Creates an opening.
    public init(id: Int64? = nil, shiftId: Int64, cashier: String, reason: String, printer: String = "",
                approvedBy: String? = nil, openedAt: Date) {
        self.id = id
        self.shiftId = shiftId
        self.cashier = cashier
        self.reason = reason
        self.printer = printer
        self.approvedBy = approvedBy
        self.openedAt = openedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let shiftId = Column(CodingKeys.shiftId)
        public static let openedAt = Column(CodingKeys.openedAt)
    }
}
