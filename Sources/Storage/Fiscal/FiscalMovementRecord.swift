import Foundation
import GRDB
import POSFoundation

/// The TSE journal row of a movement at the till that is not a sale (German fiscal law: every Vorgang is
/// signed): a refund now; cash movements and no-sale drawer opens use the same row. Written before each TSE call.
///
/// ``receiptData``, ``transaction`` and ``signature`` are Yosemite's fiscal value types as JSON; Storage keeps
/// them opaque. The states are ``FiscalTransactionRecord/State``'s (`cancelling`/`cancelled` are not used).
public struct FiscalMovementRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "fiscalMovement"

    /// What the movement is.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// A refund of (part of) an order, in cash or to the card.
        case refund
        /// The shift's opening float.
        case float
        /// Cash put into the drawer.
        case cashIn
        /// Cash taken out of the drawer.
        case cashOut
        /// The drawer opened without a sale.
        case drawerOpen
    }

    public typealias State = FiscalTransactionRecord.State

    public var id: Int64?
    public var kind: Kind
    /// What the movement is keyed by (a refund: its UUID, the outbox entry's entity id), unique per kind.
    public var reference: String
    /// The order a refund refunds.
    public var orderId: Int64?
    /// The shift it happened in, when known.
    public var shiftId: Int64?
    /// The id the TSE keys the transaction by (a UUID).
    public var tseTransactionId: String
    /// `live`, `demo` or `training`.
    public var mode: String
    public var state: State
    public var transaction: String?
    /// What is signed, journaled with the row.
    public var receiptData: String
    public var signature: String?
    public var outageId: Int64?
    /// Why the TSE failed, for `TSE_TA_FEHLER`.
    public var error: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, kind: Kind, reference: String, orderId: Int64? = nil, shiftId: Int64? = nil,
                tseTransactionId: String, mode: String, state: State = .starting, receiptData: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.reference = reference
        self.orderId = orderId
        self.shiftId = shiftId
        self.tseTransactionId = tseTransactionId
        self.mode = mode
        self.state = state
        self.receiptData = receiptData
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let kind = Column(CodingKeys.kind)
        public static let reference = Column(CodingKeys.reference)
        public static let orderId = Column(CodingKeys.orderId)
        public static let state = Column(CodingKeys.state)
    }
}

/// The TSE journal's named writes for movements, each one transaction, called around every TSE call (journal
/// first), like the sale's in `AppDatabase+Fiscal.swift`.
extension AppDatabase {
    /// Journals a movement before StartTransaction is called, with what will be signed, and takes the next number
    /// of `registerId`'s receipt series for it in the same transaction (the movement is a fiscal transaction of
    /// the register). Returns the existing row when the movement has one already (it is signed and numbered once).
    public func journalFiscalMovement(_ movement: FiscalMovementRecord, registerId: String? = nil) async throws
        -> FiscalMovementRecord {
        try await performAndSave { db in
            if let existing = try FiscalMovementRecord
                .filter(FiscalMovementRecord.Columns.kind == movement.kind.rawValue
                    && FiscalMovementRecord.Columns.reference == movement.reference)
                .fetchOne(db) { return existing }
            var row = movement
            row.createdAt = try db.transactionDate
            row.updatedAt = row.createdAt
            try row.insert(db)
            _ = try ReceiptNumberRecord.take(registerId: registerId, kind: .init(movement.kind),
                                             reference: movement.reference, in: db)
            return row
        }
    }

    /// Records the TSE's open transaction: `starting` → `active`; ends an open outage.
    public func recordFiscalMovementStarted(id: Int64, transaction: String) async throws {
        try await performAndSave { db in
            guard var row = try FiscalMovementRecord.fetchOne(db, key: id), row.state == .starting else { return }
            row.state = .active
            row.transaction = transaction
            row.updatedAt = try db.transactionDate
            try row.update(db)
            try Self.endOutage(at: db.transactionDate, in: db)
        }
    }

    /// Journals the finish (`finishing`) before FinishTransaction is called. A settled row is returned as it is.
    public func markFiscalMovementFinishing(id: Int64) async throws -> FiscalMovementRecord? {
        try await performAndSave { db in
            guard var row = try FiscalMovementRecord.fetchOne(db, key: id) else { return nil }
            guard row.state == .active else { return row }
            row.state = .finishing
            row.updatedAt = try db.transactionDate
            try row.update(db)
            return row
        }
    }

    /// Records the TSE's signature once: `finishing` → `signed` (false when the row was settled already).
    @discardableResult
    public func recordFiscalMovementSignature(id: Int64, signature: String) async throws -> Bool {
        try await performAndSave { db in
            guard var row = try FiscalMovementRecord.fetchOne(db, key: id), row.state == .finishing else { return false }
            row.state = .signed
            row.signature = signature
            row.updatedAt = try db.transactionDate
            try row.update(db)
            try Self.endOutage(at: db.transactionDate, in: db)
            return true
        }
    }

    /// The TSE failed for this movement: `failed` (never signed afterwards) in the open outage (opened at `since`
    /// when none is open).
    @discardableResult
    public func recordFiscalMovementFailure(id: Int64, cause: String, since: Date) async throws -> FiscalOutageRecord {
        try await performAndSave { db in
            let outage = try Self.openOutage(since: since, cause: cause, in: db)
            if var row = try FiscalMovementRecord.fetchOne(db, key: id), !row.state.isSettled {
                row.state = .failed
                row.error = cause
                row.outageId = outage.id
                row.updatedAt = try db.transactionDate
                try row.update(db)
            }
            return outage
        }
    }

    /// Every movement whose TSE transaction is not settled, oldest first.
    public func unsettledFiscalMovements() async throws -> [FiscalMovementRecord] {
        try await read { db in
            try FiscalMovementRecord
                .filter([FiscalMovementRecord.State.starting, .active, .finishing].map(\.rawValue)
                    .contains(FiscalMovementRecord.Columns.state))
                .order(FiscalMovementRecord.Columns.id).fetchAll(db)
        }
    }

    /// An order's movements (its refunds), oldest first.
    public func fiscalMovements(orderId: Int64) async throws -> [FiscalMovementRecord] {
        try await read { db in
            try FiscalMovementRecord.filter(FiscalMovementRecord.Columns.orderId == orderId)
                .order(FiscalMovementRecord.Columns.id).fetchAll(db)
        }
    }

    /// A movement by kind and reference.
    public func fiscalMovement(kind: FiscalMovementRecord.Kind, reference: String) async throws -> FiscalMovementRecord? {
        try await read { db in
            try FiscalMovementRecord.filter(FiscalMovementRecord.Columns.kind == kind.rawValue
                && FiscalMovementRecord.Columns.reference == reference).fetchOne(db)
        }
    }

    /// The entity id (the refund's UUID) of an outbox entry.
    public func outboxEntityId(entryId: Int64) async throws -> String? {
        try await read { db in try OutboxRecord.fetchOne(db, key: entryId)?.entityId }
    }
}
