import Foundation
import GRDB
import POSFoundation

/// What logging a "no sale" drawer open wrote.
public struct DrawerOpeningResult: Hashable, Sendable {
    public var opening: DrawerOpeningRecord
    /// The shift the opening opened because none was open (float 0), if it did.
    public var openedShiftId: Int64?
}

extension AppDatabase {
    /// Logs a "no sale" drawer open in the open shift, in one transaction; with no shift open it opens one (float 0,
    /// `cashier`), as a sale does, so every drawer open is on a Z report.
    ///
    /// - Parameters:
    ///   - currency: the store currency, for a shift opened here.
    ///   - approvedBy: who approved it; `nil` where no cashiers are set up.
    public func recordDrawerOpening(
        cashier: String, reason: String, printer: String, approvedBy: String?, currency: Currency, at now: Date
    ) async throws -> DrawerOpeningResult {
        try await performAndSave { db in
            var openedShiftId: Int64?
            var shift = try ShiftRecord.current(in: db)
            if shift == nil {
                var opened = ShiftRecord(cashier: cashier, openingFloat: Money(minorUnits: 0, currency: currency), openedAt: now)
                try opened.insert(db)
                openedShiftId = opened.id
                shift = opened
                try ApprovalRecord.adopt(into: opened, in: db)
            }
            var opening = DrawerOpeningRecord(shiftId: shift?.id ?? 0, cashier: cashier, reason: reason, printer: printer,
                                              approvedBy: approvedBy, openedAt: now)
            try opening.insert(db)
            return DrawerOpeningResult(opening: opening, openedShiftId: openedShiftId)
        }
    }

    /// A shift's "no sale" drawer opens, oldest first.
    public func drawerOpenings(shiftId: Int64) async throws -> [DrawerOpeningRecord] {
        try await read { db in
            try DrawerOpeningRecord.filter(DrawerOpeningRecord.Columns.shiftId == shiftId)
                .order(DrawerOpeningRecord.Columns.openedAt, Column("id")).fetchAll(db)
        }
    }
}
