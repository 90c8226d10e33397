import Foundation
import GRDB
import Localization

/// Why a named cashier write refused. Nothing was written.
public enum CashierWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A cashier with that name (any case) exists.
    case duplicateName(String)
    /// No cashier with that name.
    case notFound(String)
    /// The write would leave cashiers with no manager to approve anything.
    case lastManager(String)

    public var description: String {
        switch self {
        case .duplicateName(let name): L10n.tr("error.cashierWrite.duplicateName", ["name": name])
        case .notFound(let name): L10n.tr("error.cashierWrite.notFound", ["name": name])
        case .lastManager(let name): L10n.tr("error.cashierWrite.lastManager", ["name": name])
        }
    }
}

/// What a wrong PIN did to the cashier's counter.
public struct PinFailure: Hashable, Sendable {
    public var failedAttempts: Int
    /// The cashier is locked now (by this attempt or before).
    public var locked: Bool
}

extension AppDatabase {
    // MARK: Reads

    /// Every cashier, managers first, then by name.
    public func cashiers() async throws -> [CashierRecord] {
        try await read { db in
            try CashierRecord.order(CashierRecord.Columns.role.desc, CashierRecord.Columns.name.collating(.nocase)).fetchAll(db)
        }
    }

    /// The cashier with this name (any case).
    public func cashier(named name: String) async throws -> CashierRecord? {
        try await read { db in try CashierRecord.named(name, in: db) }
    }

    /// Whether any cashier is set up: the PIN and approval policy is on once one is.
    public func hasCashiers() async throws -> Bool {
        try await read { db in try CashierRecord.fetchCount(db) > 0 }
    }

    /// Who is signed in on this register now, if anyone.
    public func currentSignIn() async throws -> CashierSignInRecord? {
        try await read { db in try CashierSignInRecord.current(in: db) }
    }

    /// Sign-ins and switches that started in `[start, end)`, oldest first.
    public func signIns(from start: Date, to end: Date) async throws -> [CashierSignInRecord] {
        try await read { db in
            try CashierSignInRecord
                .filter(CashierSignInRecord.Columns.signedInAt >= start && CashierSignInRecord.Columns.signedInAt < end)
                .order(CashierSignInRecord.Columns.signedInAt, Column("id")).fetchAll(db)
        }
    }

    /// The approvals given while shift `shiftId` was open, oldest first (those given with no shift open, such as
    /// adding a cashier before the first shift, belong to none).
    public func approvals(shiftId: Int64) async throws -> [ApprovalRecord] {
        try await read { db in
            try ApprovalRecord.filter(ApprovalRecord.Columns.shiftId == shiftId)
                .order(ApprovalRecord.Columns.approvedAt, Column("id")).fetchAll(db)
        }
    }

    // MARK: Writes

    /// Adds a cashier; refuses a name that exists in any case.
    public func addCashier(_ cashier: CashierRecord) async throws -> CashierRecord {
        try await performAndSave { db in
            if try CashierRecord.named(cashier.name, in: db) != nil { throw CashierWriteError.duplicateName(cashier.name) }
            var row = cashier
            try row.insert(db)
            return row
        }
    }

    /// Removes a cashier (their sign-ins and approvals keep the name); signs them out if signed in. Refuses to
    /// remove the last manager while other cashiers remain.
    public func removeCashier(named name: String, at now: Date) async throws {
        try await performAndSave { db in
            guard let row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            if row.role == .manager {
                let managers = try CashierRecord.filter(CashierRecord.Columns.role == CashierRecord.Role.manager.rawValue).fetchCount(db)
                let all = try CashierRecord.fetchCount(db)
                if managers == 1 && all > 1 { throw CashierWriteError.lastManager(row.name) }
            }
            if var current = try CashierSignInRecord.current(in: db), current.cashierName.caseInsensitiveCompare(row.name) == .orderedSame {
                current.signedOutAt = now
                try current.update(db)
            }
            _ = try row.delete(db)
        }
    }

    /// Replaces a cashier's PIN (salt, hash, parameters) and clears the failed attempts and the lock.
    public func setCashierPin(named name: String, salt: Data, hash: Data, kdf: String, cost: Int, blockSize: Int,
                              parallelism: Int) async throws {
        try await performAndSave { db in
            guard var row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            row.pinSalt = salt
            row.pinHash = hash
            row.kdf = kdf
            row.kdfCost = cost
            row.kdfBlockSize = blockSize
            row.kdfParallelism = parallelism
            row.failedAttempts = 0
            row.lockedAt = nil
            try row.update(db)
        }
    }

    /// Counts a wrong PIN; at `lockAfter` failures the cashier is locked (until unlocked).
    public func recordPinFailure(named name: String, lockAfter: Int, at now: Date) async throws -> PinFailure {
        try await performAndSave { db in
            guard var row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            row.failedAttempts += 1
            if row.failedAttempts >= lockAfter && row.lockedAt == nil { row.lockedAt = now }
            try row.update(db)
            return PinFailure(failedAttempts: row.failedAttempts, locked: row.lockedAt != nil)
        }
    }

    /// A right PIN: clears the failed-attempt counter (a locked cashier stays locked).
    public func recordPinSuccess(named name: String) async throws {
        try await performAndSave { db in
            guard var row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            guard row.failedAttempts != 0 else { return }
            row.failedAttempts = 0
            try row.update(db)
        }
    }

    /// Unlocks a cashier and clears the failed attempts.
    public func unlockCashier(named name: String) async throws {
        try await performAndSave { db in
            guard var row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            row.failedAttempts = 0
            row.lockedAt = nil
            try row.update(db)
        }
    }

    /// Signs `name` in on this register, in one transaction: the cashier signed in so far (if any) is signed out
    /// at the same instant, so a switch mid-shift is two rows with the shift's id.
    public func signIn(named name: String, at now: Date) async throws -> CashierSignInRecord {
        try await performAndSave { db in
            guard let row = try CashierRecord.named(name, in: db) else { throw CashierWriteError.notFound(name) }
            if var current = try CashierSignInRecord.current(in: db) {
                current.signedOutAt = now
                try current.update(db)
            }
            var signIn = CashierSignInRecord(cashierName: row.name, role: row.role,
                                             shiftId: try ShiftRecord.current(in: db)?.id, signedInAt: now)
            try signIn.insert(db)
            return signIn
        }
    }

    /// Signs the current cashier out (nobody is signed in afterwards).
    public func signOut(at now: Date) async throws {
        try await performAndSave { db in
            guard var current = try CashierSignInRecord.current(in: db) else { return }
            current.signedOutAt = now
            try current.update(db)
        }
    }

    /// Records a manager's approval in the open shift (if one is open).
    public func recordApproval(_ approval: ApprovalRecord) async throws -> ApprovalRecord {
        try await performAndSave { db in
            var row = approval
            if row.shiftId == nil { row.shiftId = try ShiftRecord.current(in: db)?.id }
            try row.insert(db)
            return row
        }
    }
}

extension CashierRecord {
    static func named(_ name: String, in db: Database) throws -> CashierRecord? {
        try CashierRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [name]).fetchOne(db)
    }
}

extension CashierSignInRecord {
    static func current(in db: Database) throws -> CashierSignInRecord? {
        try CashierSignInRecord.filter(CashierSignInRecord.Columns.signedOutAt == nil)
            .order(CashierSignInRecord.Columns.signedInAt.desc, Column("id").desc).fetchOne(db)
    }
}

extension AppDatabase {
    /// The sign-in in force at `date` that started before it (the cashier who was signed in when a shift opened).
    public func signInBefore(_ date: Date) async throws -> CashierSignInRecord? {
        try await read { db in
            try CashierSignInRecord.filter(CashierSignInRecord.Columns.signedInAt < date)
                .filter(CashierSignInRecord.Columns.signedOutAt == nil || CashierSignInRecord.Columns.signedOutAt > date)
                .order(CashierSignInRecord.Columns.signedInAt.desc).fetchOne(db)
        }
    }
}

extension ApprovalRecord {
    /// Gives a shift just opened the approvals recorded while no shift was open since the last one closed (a
    /// "no sale", a discount or a void approved before the sale or drawer open that opened the shift), so they
    /// are on its Z report. Approvals of the cashier list itself stay with no shift.
    static func adopt(into shift: ShiftRecord, in db: Database) throws {
        guard let id = shift.id else { return }
        let since = try Date.fetchOne(db, sql: "SELECT MAX(closedAt) FROM shift WHERE closedAt IS NOT NULL") ?? .distantPast
        try db.execute(sql: """
            UPDATE approval SET shiftId = ? WHERE shiftId IS NULL AND kind != 'cashiers' AND approvedAt >= ?
            """, arguments: [id, since])
    }
}
