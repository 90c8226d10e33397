import Foundation
import GRDB

/// Cash put into or taken out of the drawer during a shift, with why.
public struct CashMovementRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "cashMovement"
    /// The shift the movement belongs to.
    public static let shift = belongsTo(ShiftRecord.self)

    /// In or out of the drawer.
    public enum Kind: String, Codable, Hashable, Sendable {
        case cashIn
        case cashOut
    }

    public var id: Int64?
    public var shiftId: Int64
    public var kind: Kind
    /// The amount, positive, in the shift's minor units.
    public var amount: Int64
    public var reason: String
    public var createdAt: Date

    /// Creates a movement.
    public init(id: Int64? = nil, shiftId: Int64, kind: Kind, amount: Int64, reason: String, createdAt: Date) {
        self.id = id
        self.shiftId = shiftId
        self.kind = kind
        self.amount = amount
        self.reason = reason
        self.createdAt = createdAt
    }

    /// The signed effect on the drawer: positive in, negative out.
    public var signedAmount: Int64 { kind == .cashIn ? amount : -amount }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let shiftId = Column(CodingKeys.shiftId)
    }
}
