import Foundation
import GRDB

extension ShiftRecord {
    /// The open shift, if any (the newest, should there ever be two).
    public static func current(in db: Database) throws -> ShiftRecord? {
        try ShiftRecord.filter(Columns.closedAt == nil).order(Columns.id.desc).fetchOne(db)
    }

    /// The newest shift, open or closed.
    public static func latest(in db: Database) throws -> ShiftRecord? {
        try ShiftRecord.order(Columns.id.desc).fetchOne(db)
    }

    /// The shift's cash movements, oldest first.
    public static func movements(shiftId: Int64, in db: Database) throws -> [CashMovementRecord] {
        try CashMovementRecord.filter(CashMovementRecord.Columns.shiftId == shiftId)
            .order(CashMovementRecord.Columns.id).fetchAll(db)
    }
}

extension OutboxRecord {
    /// The `createRefund` entries queued in `[start, end)`, whatever their sync state.
    public static func refunds(from start: Date, to end: Date, in db: Database) throws -> [OutboxRecord] {
        try OutboxRecord.fetchAll(
            db, sql: "SELECT * FROM outbox WHERE kind = ? AND createdAt >= ? AND createdAt < ? ORDER BY id",
            arguments: [OutboxRecord.Kind.createRefund.rawValue, start, end]
        )
    }
}
