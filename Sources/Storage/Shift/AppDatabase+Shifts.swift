import Foundation
import GRDB
import POSFoundation

/// How opening a shift went.
public enum ShiftOpening: Hashable, Sendable {
    /// The new shift, with its id.
    case opened(ShiftRecord)
    /// A shift is open already: nothing written.
    case alreadyOpen(shiftId: Int64)
}

/// What a shift's Z report reads besides its orders, from one snapshot.
public struct ShiftReportRows: Hashable, Sendable {
    /// The shift's cash movements, oldest first.
    public var movements: [CashMovementRecord]
    /// The `createRefund` outbox entries queued in the report's range.
    public var refunds: [OutboxRecord]
    /// Approved terminal operations without an order (stand-alone payments and reversals) in the range.
    public var terminalWithoutSale: [PaymentJournalRecord]
}

extension AppDatabase {
    /// The open shift, if any.
    public func currentShift() async throws -> ShiftRecord? {
        try await read { db in try ShiftRecord.current(in: db) }
    }

    /// The shift with this id.
    public func shift(id: Int64) async throws -> ShiftRecord? {
        try await read { db in try ShiftRecord.fetchOne(db, key: id) }
    }

    /// The newest shift, open or closed.
    public func latestShift() async throws -> ShiftRecord? {
        try await read { db in try ShiftRecord.latest(in: db) }
    }

    /// The newest closed shift.
    public func lastClosedShift() async throws -> ShiftRecord? {
        try await read { db in
            try ShiftRecord.filter(ShiftRecord.Columns.closedAt != nil).order(ShiftRecord.Columns.id.desc).fetchOne(db)
        }
    }

    /// Opens a shift with `float` in one transaction, unless one is open: at most one shift is open.
    public func openShift(cashier: String, float: Money, at now: Date) async throws -> ShiftOpening {
        try await performAndSave { db in
            if let open = try ShiftRecord.current(in: db) { return .alreadyOpen(shiftId: open.id ?? 0) }
            var shift = ShiftRecord(cashier: cashier, openingFloat: float, openedAt: now)
            try shift.insert(db)
            try ApprovalRecord.adopt(into: shift, in: db)
            return .opened(shift)
        }
    }

    /// Records cash put into or taken out of the drawer in the open shift, in one transaction.
    ///
    /// - Returns: The open shift and the movement with its id; `nil` when no shift is open (nothing written).
    public func recordCashMovement(
        _ kind: CashMovementRecord.Kind, amount: Money, reason: String, at now: Date
    ) async throws -> (shift: ShiftRecord, movement: CashMovementRecord)? {
        try await performAndSave { db -> (shift: ShiftRecord, movement: CashMovementRecord)? in
            guard let shift = try ShiftRecord.current(in: db), let id = shift.id else { return nil }
            var movement = CashMovementRecord(shiftId: id, kind: kind, amount: amount.minorUnits, reason: reason, createdAt: now)
            try movement.insert(db)
            return (shift, movement)
        }
    }

    /// Saves a shift closed by the caller (its closing time, counted and expected cash, report text).
    public func saveClosedShift(_ shift: ShiftRecord) async throws {
        try await performAndSave { db in try shift.update(db) }
    }

    /// Records the card terminal's end of day of a closed shift and its report text as now printed, in one
    /// transaction; `false` (nothing written) when the shift does not exist or is still open.
    public func saveShiftTerminalClosing(shiftId: Int64, terminalClosing: String, reportText: String) async throws -> Bool {
        try await performAndSave { db in
            guard var shift = try ShiftRecord.fetchOne(db, key: shiftId), shift.closedAt != nil else { return false }
            shift.terminalClosing = terminalClosing
            shift.reportText = reportText
            try shift.update(db)
            return true
        }
    }

    /// Approved card operations on `readerId` (sales' payments and those without a sale, refunds, reversals) started
    /// in `[start, end)`: what the terminal's batch should hold of the range. End-of-day rows are left out.
    public func approvedTerminalOperations(readerId: String, from start: Date, to end: Date) async throws -> [PaymentJournalRecord] {
        try await read { db in
            try PaymentJournalRecord
                .filter(PaymentJournalRecord.Columns.readerId == readerId)
                .filter(PaymentJournalRecord.Columns.state == PaymentJournalRecord.State.approved.rawValue)
                .filter(PaymentJournalRecord.Columns.startedAt >= start && PaymentJournalRecord.Columns.startedAt < end)
                .filter(["sale", "refund", "reversal"].contains(Column("kind")))
                .order(PaymentJournalRecord.Columns.startedAt)
                .fetchAll(db)
        }
    }

    /// What the Z report of `shiftId` over `[start, end)` reads besides the orders, from one snapshot.
    public func shiftReportRows(shiftId: Int64, from start: Date, to end: Date) async throws -> ShiftReportRows {
        try await read { db in
            ShiftReportRows(
                movements: try ShiftRecord.movements(shiftId: shiftId, in: db),
                refunds: try OutboxRecord.refunds(from: start, to: end, in: db),
                terminalWithoutSale: try PaymentJournalRecord.approvedWithoutOrder(startedFrom: start, to: end, in: db))
        }
    }
}
