import Foundation
import GRDB

/// One fiscal transaction's number in its register's receipt series (migration `v16-receipt-series`): every sale
/// (completed or voided), refund, float, cash in, cash out and no sale takes the next number of the register's
/// one series, once, in the transaction that records it. `(registerId, number)` and `(kind, reference)` are unique.
public struct ReceiptNumberRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "receiptNumber"

    /// What was numbered.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// A sale, completed or voided (reference: its client UUID, also its order's).
        case sale
        /// The movements of the TSE journal (reference: the movement's reference).
        case refund, float, cashIn, cashOut, drawerOpen

        /// The kind of a movement of the TSE journal.
        public init(_ movement: FiscalMovementRecord.Kind) {
            switch movement {
            case .refund: self = .refund
            case .float: self = .float
            case .cashIn: self = .cashIn
            case .cashOut: self = .cashOut
            case .drawerOpen: self = .drawerOpen
            }
        }
    }

    public var id: Int64?
    /// The register id (`""` for a counter without one).
    public var registerId: String
    /// The number in the register's series: 1, 2, 3, … with no gap.
    public var number: Int64
    public var kind: Kind
    public var reference: String
    public var createdAt: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    public enum Columns {
        public static let registerId = Column(CodingKeys.registerId)
        public static let number = Column(CodingKeys.number)
        public static let kind = Column(CodingKeys.kind)
        public static let reference = Column(CodingKeys.reference)
    }

    /// The app setting that remembers the last number of `registerId`'s series. It is an app setting, not a store
    /// table, so it survives ``AppDatabase/wipeStoreData()`` (a logout) like ``OrderRecord/lastLocalNumberKey``:
    /// a register never prints a number twice.
    static func seriesKey(registerId: String) -> String { "pos.receiptSeries." + registerId }

    /// The last number taken in `registerId`'s series (0 before the first): the remembered one, or the highest
    /// recorded if that is higher.
    static func lastNumber(registerId: String, in db: Database) throws -> Int64 {
        let stored = try SettingRecord.value(forKey: seriesKey(registerId: registerId), in: db).flatMap { Int64($0) } ?? 0
        let highest = try ReceiptNumberRecord.filter(Columns.registerId == registerId)
            .select(max(Columns.number), as: Int64.self).fetchOne(db) ?? 0
        return Swift.max(stored, highest)
    }

    /// Takes the next number of `registerId`'s series for `kind`/`reference`, in the caller's transaction (a
    /// named write that records the fiscal transaction). Numbering the same transaction again returns its number.
    static func take(registerId: String?, kind: Kind, reference: String, in db: Database) throws -> ReceiptNumberRecord {
        if let existing = try find(kind: kind, reference: reference, in: db) { return existing }
        let register = registerId ?? ""
        let next = try lastNumber(registerId: register, in: db) + 1
        try SettingRecord.set(String(next), forKey: seriesKey(registerId: register), scope: .app, in: db)
        var row = ReceiptNumberRecord(registerId: register, number: next, kind: kind, reference: reference,
                                      createdAt: try db.transactionDate)
        try row.insert(db)
        return row
    }

    /// The number of a fiscal transaction, if it has one.
    static func find(kind: Kind, reference: String, in db: Database) throws -> ReceiptNumberRecord? {
        try ReceiptNumberRecord.filter(Columns.kind == kind.rawValue && Columns.reference == reference).fetchOne(db)
    }
}

/// A register's receipt series, for `pos register show`.
public struct ReceiptSeriesStatus: Hashable, Sendable {
    public var registerId: String
    /// The last number taken; 0 before the first.
    public var lastNumber: Int64
}

extension AppDatabase {
    /// The last number taken in `registerId`'s series (0 before the first).
    public func receiptSeries(registerId: String?) async throws -> ReceiptSeriesStatus {
        try await read { db in
            let register = registerId ?? ""
            return ReceiptSeriesStatus(registerId: register,
                                       lastNumber: try ReceiptNumberRecord.lastNumber(registerId: register, in: db))
        }
    }

    /// Every number taken, in each register's order (tests and checks).
    public func receiptNumbers() async throws -> [ReceiptNumberRecord] {
        try await read { db in
            try ReceiptNumberRecord.order(ReceiptNumberRecord.Columns.registerId, ReceiptNumberRecord.Columns.number)
                .fetchAll(db)
        }
    }

    /// The sales still open or parked (they keep the register and TSE client they were opened with), oldest first.
    public func unfinishedSales() async throws -> [OrderRecord] {
        try await read { db in
            try OrderRecord.filter([OrderRecord.State.open.rawValue, OrderRecord.State.parked.rawValue]
                .contains(OrderRecord.Columns.state)).order(OrderRecord.Columns.id).fetchAll(db)
        }
    }

    /// Numbers a fiscal transaction that is not a sale (a refund, the float, cash in or out, a "no sale") in
    /// `registerId`'s series, once: every such transaction takes its number as it is recorded, whether or not a TSE
    /// signs it (the TSE journal finds the same number). Returns its number.
    @discardableResult
    public func numberFiscalTransaction(_ kind: FiscalMovementRecord.Kind, reference: String, registerId: String?) async throws
        -> Int64 {
        try await performAndSave { db in
            try ReceiptNumberRecord.take(registerId: registerId, kind: .init(kind), reference: reference, in: db).number
        }
    }

    /// Records the register and TSE client a sale was opened with, once (a sale keeps them to its end).
    public func recordSaleOpening(saleId: Int64, registerId: String?, tseClient: String?) async throws {
        try await performAndSave(durability: .processCrash) { db in
            try db.execute(sql: """
                UPDATE "order" SET registerId = COALESCE(registerId, ?), tseClient = COALESCE(tseClient, ?), \
                revision = revision + 1 WHERE id = ?
                """, arguments: [registerId ?? "", tseClient, saleId])
        }
    }
}
