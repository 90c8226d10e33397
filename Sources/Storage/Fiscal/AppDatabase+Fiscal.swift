import Foundation
import GRDB
import POSFoundation

/// A sale's TSE row with what recovery needs to settle it.
public struct UnsettledFiscalTransaction: Hashable, Sendable {
    public var record: FiscalTransactionRecord
    public var saleState: OrderRecord.State
    public var orderId: Int64?
}

/// One sale of a closing, with its order (when completed) and TSE row, for the DSFinV-K export.
public struct FiscalSaleExportRow: Hashable, Sendable {
    /// The sale (its order, in any state).
    public var sale: OrderRecord
    public var fiscal: FiscalTransactionRecord?
    public var order: OrderRecord?
    public var lines: [OrderLineRecord]
    public var taxes: [OrderTaxRecord]
    public var payments: [PaymentRecord]
    /// The sale's number in its register's receipt series (completed or voided), if it has one.
    public var receiptNumber: Int64? = nil
    /// The coupons a completed sale's discounts came from.
    public var coupons: [OrderCouponRecord] = []
}

/// A closed shift (its Z report is the Kassenabschluss) with the sales it closes.
public struct FiscalClosingExportRow: Hashable, Sendable {
    public var shift: ShiftRecord
    public var sales: [FiscalSaleExportRow]
    /// The movements (refunds) journaled after the previous close and up to this one, each its own Bon.
    public var movements: [FiscalMovementRecord] = []
    /// Each movement's number in its register's receipt series, by movement id.
    public var movementReceiptNumbers: [Int64: Int64] = [:]
}

/// Counts for `pos fiscal status`: `signed` … `unsettled` are the sales'; refunds and cash movements (their own
/// TSE transactions, `fiscalMovement`) are counted beside them.
public struct FiscalCounts: Hashable, Sendable {
    public var signed: Int
    public var cancelled: Int
    public var failed: Int
    public var unsettled: Int
    public var outages: Int
    /// Refunds' TSE transactions.
    public var refunds: FiscalMovementCounts = .init()
    /// Cash movements' TSE transactions (float, cash in, cash out; no-sale drawer opens).
    public var cashMovements: FiscalMovementCounts = .init()

    public init(signed: Int, cancelled: Int, failed: Int, unsettled: Int, outages: Int,
                refunds: FiscalMovementCounts = .init(), cashMovements: FiscalMovementCounts = .init()) {
        self.signed = signed
        self.cancelled = cancelled
        self.failed = failed
        self.unsettled = unsettled
        self.outages = outages
        self.refunds = refunds
        self.cashMovements = cashMovements
    }
}

/// How many movements' TSE transactions are signed, failed (in an outage) or still open (not settled).
public struct FiscalMovementCounts: Hashable, Sendable {
    public var signed: Int
    public var failed: Int
    public var unsettled: Int

    public init(signed: Int = 0, failed: Int = 0, unsettled: Int = 0) {
        self.signed = signed
        self.failed = failed
        self.unsettled = unsettled
    }
}

/// The TSE journal's named writes (German fiscal law). Each is one transaction; the checkout calls them around
/// every TSE call, journal first, so a crash between the TSE's answer and its record is settled on the next start.
extension AppDatabase {
    // MARK: Writing

    /// Journals a sale's TSE transaction before StartTransaction is called. Returns the existing row when the
    /// sale already has one (a restart retries with the same TSE transaction id).
    public func journalFiscalStart(saleId: Int64, tseTransactionId: String, mode: String) async throws
        -> FiscalTransactionRecord {
        try await performAndSave { db in
            if let existing = try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == saleId)
                .fetchOne(db) { return existing }
            var row = FiscalTransactionRecord(saleId: saleId, tseTransactionId: tseTransactionId, mode: mode,
                                              createdAt: try db.transactionDate)
            try row.insert(db)
            return row
        }
    }

    /// Records the TSE's open transaction (JSON): `starting` → `active`. Any successful TSE answer ends an
    /// open outage at `now`.
    public func recordFiscalStarted(saleId: Int64, transaction: String) async throws {
        try await performAndSave { db in
            var row = try Self.fiscalRow(saleId: saleId, in: db)
            guard row.state == .starting else { return }
            row.state = .active
            row.transaction = transaction
            row.updatedAt = try db.transactionDate
            try row.update(db)
            try Self.endOutage(at: db.transactionDate, in: db)
        }
    }

    /// Journals the finish (`finishing`, with the receipt data to sign) or the cancel (`cancelling`) before the
    /// TSE is called. A row already settled is left alone and returned as it is.
    public func markFiscalFinishing(saleId: Int64, receiptData: String, cancel: Bool) async throws
        -> FiscalTransactionRecord? {
        try await performAndSave { db in
            guard var row = try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == saleId)
                .fetchOne(db) else { return nil }
            guard row.state == .active || row.state == .finishing || row.state == .cancelling else { return row }
            row.state = cancel ? .cancelling : .finishing
            row.receiptData = receiptData
            row.updatedAt = try db.transactionDate
            try row.update(db)
            return row
        }
    }

    /// Records the TSE's signature (JSON) once: `finishing` → `signed`, `cancelling` → `cancelled`. A row that
    /// is already settled is never overwritten (returns false).
    @discardableResult
    public func recordFiscalSignature(saleId: Int64, signature: String) async throws -> Bool {
        try await performAndSave { db in
            var row = try Self.fiscalRow(saleId: saleId, in: db)
            switch row.state {
            case .finishing: row.state = .signed
            case .cancelling: row.state = .cancelled
            default: return false
            }
            row.signature = signature
            row.updatedAt = try db.transactionDate
            try row.update(db)
            try Self.endOutage(at: db.transactionDate, in: db)
            return true
        }
    }

    /// The TSE failed for this sale: the row `failed` (never signed afterwards) with the cause, in the open
    /// outage (opened at `since` when none is open). Returns the outage.
    @discardableResult
    public func recordFiscalFailure(saleId: Int64, cause: String, since: Date) async throws -> FiscalOutageRecord {
        try await performAndSave { db in
            let outage = try Self.openOutage(since: since, cause: cause, in: db)
            if var row = try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == saleId).fetchOne(db),
               !row.state.isSettled {
                row.state = .failed
                row.error = cause
                row.outageId = outage.id
                row.updatedAt = try db.transactionDate
                try row.update(db)
            }
            return outage
        }
    }

    /// Records that the TSE could not be reached outside a sale (a status check): opens an outage if none is open.
    @discardableResult
    public func recordFiscalOutage(cause: String, since: Date) async throws -> FiscalOutageRecord {
        try await performAndSave { db in try Self.openOutage(since: since, cause: cause, in: db) }
    }

    /// The TSE answered again: ends the open outage, if any.
    public func endFiscalOutage() async throws {
        try await performAndSave { db in try Self.endOutage(at: db.transactionDate, in: db) }
    }

    // MARK: Reading

    /// The TSE row of a sale.
    public func fiscalTransaction(saleId: Int64) async throws -> FiscalTransactionRecord? {
        try await read { db in
            try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == saleId).fetchOne(db)
        }
    }

    /// The TSE row of the sale that made an order.
    public func fiscalTransaction(orderId: Int64) async throws -> FiscalTransactionRecord? {
        try await read { db in
            try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == orderId).fetchOne(db)
        }
    }

    /// Every TSE row not yet settled, oldest first, with its sale's state.
    public func unsettledFiscalTransactions() async throws -> [UnsettledFiscalTransaction] {
        try await read { db in
            let rows = try FiscalTransactionRecord
                .filter([FiscalTransactionRecord.State.starting, .active, .finishing, .cancelling].map(\.rawValue)
                    .contains(FiscalTransactionRecord.Columns.state))
                .order(Column("id")).fetchAll(db)
            return try rows.compactMap { row in
                guard let sale = try OrderRecord.fetchOne(db, key: row.saleId) else { return nil }
                return UnsettledFiscalTransaction(record: row, saleState: sale.state,
                                                  orderId: sale.state == .completed ? sale.id : nil)
            }
        }
    }

    /// The ids of the sales the TSE journal holds a row for, except those signed in `excludingMode` (the demo).
    public func fiscalJournalSaleIds(excludingMode mode: String) async throws -> Set<Int64> {
        try await read { db in
            Set(try FiscalTransactionRecord.filter(Column("mode") != mode).fetchAll(db).map(\.saleId))
        }
    }

    /// The outage still open, if any.
    public func openFiscalOutage() async throws -> FiscalOutageRecord? {
        try await read { db in try Self.currentOutage(in: db) }
    }

    /// Every outage, oldest first.
    public func fiscalOutages() async throws -> [FiscalOutageRecord] {
        try await read { db in try FiscalOutageRecord.order(FiscalOutageRecord.Columns.id).fetchAll(db) }
    }

    /// The ids of the movements (refunds, cash movements) the TSE journal holds, except those signed in
    /// `excludingMode` (the demo).
    public func fiscalJournalMovementIds(excludingMode mode: String) async throws -> Set<Int64> {
        try await read { db in
            Set(try FiscalMovementRecord.filter(Column("mode") != mode).fetchAll(db).compactMap(\.id))
        }
    }

    /// How many TSE rows are in each state (sales; refunds and cash movements beside them), and how many outages
    /// were recorded.
    public func fiscalCounts() async throws -> FiscalCounts {
        try await read { db in
            let unsettled: [FiscalTransactionRecord.State] = [.starting, .active, .finishing, .cancelling]
            func count(_ states: [FiscalTransactionRecord.State]) throws -> Int {
                try FiscalTransactionRecord.filter(states.map(\.rawValue).contains(FiscalTransactionRecord.Columns.state))
                    .fetchCount(db)
            }
            func movements(_ kinds: [FiscalMovementRecord.Kind]) throws -> FiscalMovementCounts {
                func count(_ states: [FiscalMovementRecord.State]) throws -> Int {
                    try FiscalMovementRecord
                        .filter(kinds.map(\.rawValue).contains(FiscalMovementRecord.Columns.kind)
                            && states.map(\.rawValue).contains(FiscalMovementRecord.Columns.state))
                        .fetchCount(db)
                }
                return FiscalMovementCounts(signed: try count([.signed]), failed: try count([.failed]),
                                            unsettled: try count(unsettled))
            }
            return FiscalCounts(signed: try count([.signed]), cancelled: try count([.cancelled]),
                                failed: try count([.failed]),
                                unsettled: try count(unsettled),
                                outages: try FiscalOutageRecord.fetchCount(db),
                                refunds: try movements([.refund]),
                                cashMovements: try movements([.float, .cashIn, .cashOut, .drawerOpen]))
        }
    }

    /// When each TSE client first signed, per register (client) serial and TSE serial: the start time of the
    /// earliest signed sale, refund or cash movement the journal holds (the signatures as `recordFiscalSignature`
    /// and `recordFiscalMovementSignature` stored them). What the tax office notification calls the first use.
    public func fiscalFirstUses() async throws -> [FiscalFirstUse] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT json_extract(signature, '$.clientSerial') AS client, json_extract(signature, '$.tseSerial') AS tse,
                       MIN(json_extract(signature, '$.startTime')) AS first
                FROM (SELECT signature FROM fiscalTransaction WHERE signature IS NOT NULL AND json_valid(signature)
                      UNION ALL
                      SELECT signature FROM fiscalMovement WHERE signature IS NOT NULL AND json_valid(signature))
                GROUP BY client, tse ORDER BY first
                """)
            return rows.compactMap { row -> FiscalFirstUse? in
                guard let client: String = row["client"], let tse: String = row["tse"],
                      let first: Double = row["first"] else { return nil }
                return FiscalFirstUse(clientSerial: client, tseSerial: tse,
                                      firstSigned: Date(timeIntervalSince1970: first / 1000))
            }
        }
    }

    /// The closed shifts (Z reports) whose close lies in `[start, end)`, oldest first, each with the sales it
    /// closes: its completed sales, and the sales voided after the previous close and up to its own.
    public func fiscalClosings(closedFrom start: Date, to end: Date) async throws -> [FiscalClosingExportRow] {
        try await read { db in
            let shifts = try ShiftRecord.fetchAll(
                db, sql: "SELECT * FROM shift WHERE closedAt IS NOT NULL ORDER BY closedAt, id")
            var result: [FiscalClosingExportRow] = []
            var previousClose: Date?
            for shift in shifts {
                defer { previousClose = shift.closedAt }
                guard let closed = shift.closedAt, closed >= start, closed < end, let shiftId = shift.id else { continue }
                let completed = try OrderRecord.fetchAll(
                    db, sql: "SELECT * FROM \"order\" WHERE state = 'completed' AND shiftId = ? ORDER BY id", arguments: [shiftId])
                let voided = try OrderRecord.fetchAll(
                    db, sql: "SELECT * FROM \"order\" WHERE state = 'voided' AND updatedAt <= ? AND updatedAt > ? ORDER BY id",
                    arguments: [closed, previousClose ?? Date.distantPast])
                let sales = (completed + voided).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
                let movements = try FiscalMovementRecord.fetchAll(
                    db, sql: "SELECT * FROM fiscalMovement WHERE createdAt <= ? AND createdAt > ? ORDER BY id",
                    arguments: [closed, previousClose ?? Date.distantPast])
                var numbers: [Int64: Int64] = [:]
                for movement in movements {
                    if let id = movement.id, let number = try ReceiptNumberRecord.find(
                        kind: .init(movement.kind), reference: movement.reference, in: db)?.number {
                        numbers[id] = number
                    }
                }
                result.append(FiscalClosingExportRow(shift: shift, sales: try sales.map { try Self.exportRow($0, in: db) },
                                                     movements: movements, movementReceiptNumbers: numbers))
            }
            return result
        }
    }

    // MARK: Helpers

    private static func exportRow(_ sale: OrderRecord, in db: Database) throws -> FiscalSaleExportRow {
        let fiscal = try sale.id.flatMap {
            try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == $0).fetchOne(db)
        }
        let number = try ReceiptNumberRecord.find(kind: .sale, reference: sale.clientUUID.description, in: db)?.number
        // A voided sale is its abandoned receipt: its lines and taxes, no order and no payments.
        guard sale.state == .completed else {
            return FiscalSaleExportRow(sale: sale, fiscal: fiscal, order: nil,
                                       lines: try sale.request(for: OrderRecord.lines).fetchAll(db),
                                       taxes: try sale.request(for: OrderRecord.taxes).fetchAll(db), payments: [],
                                       receiptNumber: number)
        }
        return FiscalSaleExportRow(
            sale: sale, fiscal: fiscal, order: sale,
            lines: try sale.request(for: OrderRecord.lines).fetchAll(db),
            taxes: try sale.request(for: OrderRecord.taxes).fetchAll(db),
            payments: try sale.request(for: OrderRecord.payments).fetchAll(db),
            receiptNumber: number, coupons: try sale.request(for: OrderRecord.coupons).fetchAll(db))
    }

    private static func fiscalRow(saleId: Int64, in db: Database) throws -> FiscalTransactionRecord {
        guard let row = try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == saleId).fetchOne(db)
        else { throw SaleWriteError.notFound("TSE transaction of sale \(saleId)") }
        return row
    }

    /// Shared with the movements' journal (`FiscalMovementRecord.swift`).
    static func currentOutage(in db: Database) throws -> FiscalOutageRecord? {
        try FiscalOutageRecord.filter(FiscalOutageRecord.Columns.endedAt == nil)
            .order(FiscalOutageRecord.Columns.id.desc).fetchOne(db)
    }

    /// Shared with the movements' journal (`FiscalMovementRecord.swift`).
    static func openOutage(since: Date, cause: String, in db: Database) throws -> FiscalOutageRecord {
        if let open = try currentOutage(in: db) { return open }
        var outage = FiscalOutageRecord(startedAt: since, cause: cause)
        try outage.insert(db)
        return outage
    }

    /// Shared with the movements' journal (`FiscalMovementRecord.swift`).
    static func endOutage(at date: Date, in db: Database) throws {
        guard var open = try currentOutage(in: db) else { return }
        open.endedAt = max(date, open.startedAt)
        try open.update(db)
    }
}
