import Foundation
import GRDB
import POSFoundation

/// The TSE journal row of one sale (German fiscal law), written before each call to the TSE.
///
/// ``transaction``, ``receiptData`` and ``signature`` are Yosemite's fiscal value types as JSON; Storage keeps
/// them opaque.
public struct FiscalTransactionRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "fiscalTransaction"

    /// Where the sale's TSE transaction stands.
    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        /// Journaled; StartTransaction was called (or is about to be) and its answer is not recorded.
        case starting
        /// The TSE transaction is open (``transaction`` holds it).
        case active
        /// The sale completed: FinishTransaction with ``receiptData`` is due or in flight.
        case finishing
        /// The sale was voided or dropped: the cancel (`AVBelegabbruch`) is due or in flight.
        case cancelling
        /// Finished and signed (``signature`` holds the TSE's answer).
        case signed
        /// Cancelled and signed as `AVBelegabbruch`.
        case cancelled
        /// The TSE could not be reached for this sale: never signed afterwards (``outageId``, ``error``).
        case failed

        /// Whether nothing more will be sent to the TSE for this row.
        public var isSettled: Bool { self == .signed || self == .cancelled || self == .failed }
    }

    public var id: Int64?
    public var saleId: Int64
    /// The id the TSE keys the transaction by (the sale's client UUID).
    public var tseTransactionId: String
    /// `live`, `demo` or `training`.
    public var mode: String
    public var state: State
    public var transaction: String?
    public var receiptData: String?
    public var signature: String?
    public var outageId: Int64?
    /// Why the TSE failed, for `TSE_TA_FEHLER`.
    public var error: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, saleId: Int64, tseTransactionId: String, mode: String, state: State = .starting,
                createdAt: Date) {
        self.id = id
        self.saleId = saleId
        self.tseTransactionId = tseTransactionId
        self.mode = mode
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    public enum Columns {
        public static let saleId = Column(CodingKeys.saleId)
        public static let state = Column(CodingKeys.state)
    }
}

/// A TSE outage: when it began, when it ended (nil while it lasts) and why.
public struct FiscalOutageRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "fiscalOutage"

    public var id: Int64?
    public var startedAt: Date
    public var endedAt: Date?
    public var cause: String

    public init(id: Int64? = nil, startedAt: Date, endedAt: Date? = nil, cause: String) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.cause = cause
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let startedAt = Column(CodingKeys.startedAt)
        public static let endedAt = Column(CodingKeys.endedAt)
    }
}

/// When a TSE client (a register) first signed with a TSE: the start of its earliest signed transaction.
public struct FiscalFirstUse: Sendable, Hashable {
    /// The register's (client's) serial number the signature carries.
    public var clientSerial: String
    /// The TSE's serial number.
    public var tseSerial: String
    /// The start time of the first signed transaction.
    public var firstSigned: Date

    public init(clientSerial: String, tseSerial: String, firstSigned: Date) {
        self.clientSerial = clientSerial
        self.tseSerial = tseSerial
        self.firstSigned = firstSigned
    }
}
