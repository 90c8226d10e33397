import Foundation
import GRDB

/// A cashier of this counter: a name, a role and the PIN as a salt and a slow key-derivation function's output
/// (with the function's parameters, so they can be raised later without breaking older rows). The PIN itself is
/// never stored. `failedAttempts` counts wrong PINs since the last right one; `lockedAt` is set when it reaches the
/// limit, until a manager unlocks the cashier.
public struct CashierRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "cashier"

    public enum Role: String, Codable, Hashable, Sendable, CaseIterable {
        case cashier, manager
    }

    public var id: Int64?
    public var name: String
    public var role: Role
    public var pinSalt: Data
    public var pinHash: Data
    /// The key-derivation function's name ("scrypt").
    public var kdf: String
    /// scrypt's N (CPU/memory cost), r (block size) and p (parallelism).
    public var kdfCost: Int
    public var kdfBlockSize: Int
    public var kdfParallelism: Int
    public var failedAttempts: Int
    public var lockedAt: Date?
    public var createdAt: Date

    /// Creates a cashier row.
    public init(id: Int64? = nil, name: String, role: Role, pinSalt: Data, pinHash: Data, kdf: String, kdfCost: Int,
                kdfBlockSize: Int, kdfParallelism: Int, failedAttempts: Int = 0, lockedAt: Date? = nil, createdAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.pinSalt = pinSalt
        self.pinHash = pinHash
        self.kdf = kdf
        self.kdfCost = kdfCost
        self.kdfBlockSize = kdfBlockSize
        self.kdfParallelism = kdfParallelism
        self.failedAttempts = failedAttempts
        self.lockedAt = lockedAt
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let name = Column(CodingKeys.name)
        public static let role = Column(CodingKeys.role)
    }
}

/// One sign-in (or switch) of a cashier on this register; the row with no `signedOutAt` is who is signed in now.
public struct CashierSignInRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "cashierSignIn"

    public var id: Int64?
    public var cashierName: String
    public var role: CashierRecord.Role
    /// The shift open when the cashier signed in, if one was.
    public var shiftId: Int64?
    public var signedInAt: Date
    public var signedOutAt: Date?

    /// Creates a sign-in row.
    public init(id: Int64? = nil, cashierName: String, role: CashierRecord.Role, shiftId: Int64?, signedInAt: Date,
                signedOutAt: Date? = nil) {
        self.id = id
        self.cashierName = cashierName
        self.role = role
        self.shiftId = shiftId
        self.signedInAt = signedInAt
        self.signedOutAt = signedOutAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let signedInAt = Column(CodingKeys.signedInAt)
        public static let signedOutAt = Column(CodingKeys.signedOutAt)
        public static let shiftId = Column(CodingKeys.shiftId)
    }
}

/// A manager's approval, as recorded: what (`kind`), who approved, for which cashier, order or sale and amount.
public struct ApprovalRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "approval"

    public var id: Int64?
    /// "refund", "void", "discount", "priceOverride", "noSale", "cashiers".
    public var kind: String
    public var managerName: String
    /// The cashier signed in when it was approved (empty when none was).
    public var cashierName: String
    /// The shift open when it was approved; filled by ``AppDatabase/recordApproval(_:)``.
    public var shiftId: Int64?
    /// The order, sale or cashier it was for ("order 12", "sale 4").
    public var reference: String
    /// The amount in minor units, where there is one (a refund's, a discount's).
    public var amount: Int64?
    public var currencyCode: String?
    public var detail: String
    public var approvedAt: Date

    /// Creates an approval row.
    public init(id: Int64? = nil, kind: String, managerName: String, cashierName: String, shiftId: Int64? = nil,
                reference: String, amount: Int64? = nil, currencyCode: String? = nil, detail: String = "",
                approvedAt: Date) {
        self.id = id
        self.kind = kind
        self.managerName = managerName
        self.cashierName = cashierName
        self.shiftId = shiftId
        self.reference = reference
        self.amount = amount
        self.currencyCode = currencyCode
        self.detail = detail
        self.approvedAt = approvedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Column names for queries.
    public enum Columns {
        public static let approvedAt = Column(CodingKeys.approvedAt)
        public static let kind = Column(CodingKeys.kind)
        public static let shiftId = Column(CodingKeys.shiftId)
    }
}
