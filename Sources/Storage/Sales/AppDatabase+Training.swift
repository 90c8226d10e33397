import Foundation
import GRDB

/// The training series of a register (migration `v18-training`): training sales (and voided training carts) take
/// their numbers 1, 2, 3, … from it, so the register's receipt series (``ReceiptNumberRecord``) has no gap for a
/// practice sale. Receipts print them with a `T` (`K2-T000001`).
///
/// The last number is the app setting `pos.trainingSeries.<register id>`, which survives a logout's wipe like the
/// receipt series, so a register never prints a training number twice either.
enum TrainingSeries {
    static func key(registerId: String) -> String { "pos.trainingSeries." + registerId }

    /// The last number taken in `registerId`'s training series (0 before the first).
    static func lastNumber(registerId: String, in db: Database) throws -> Int64 {
        try SettingRecord.value(forKey: key(registerId: registerId), in: db).flatMap { Int64($0) } ?? 0
    }

    /// Takes the next number, in the caller's transaction (the named write that completes or voids the sale).
    static func take(registerId: String, in db: Database) throws -> Int64 {
        let next = try lastNumber(registerId: registerId, in: db) + 1
        try SettingRecord.set(String(next), forKey: key(registerId: registerId), scope: .app, in: db)
        return next
    }
}

extension AppDatabase {
    /// The app setting that holds the register's mode: `1` while it is in training.
    static let registerTrainingKey = "pos.register.training"

    /// Whether the register is in training now: every sale opened while it is, is a training sale.
    public func registerTraining() async throws -> Bool {
        try await read { db in try Self.registerTraining(in: db) }
    }

    static func registerTraining(in db: Database) throws -> Bool {
        try SettingRecord.value(forKey: registerTrainingKey, in: db) == "1"
    }

    /// Switches the register into training (`true`) or out of it. Answers whether the mode changed. A sale keeps
    /// the mode it was opened in (``OrderRecord/training``); only sales opened afterwards follow the new one.
    @discardableResult
    public func setRegisterTraining(_ on: Bool) async throws -> Bool {
        try await performAndSave { db in
            guard try Self.registerTraining(in: db) != on else { return false }
            try SettingRecord.set(on ? "1" : "0", forKey: Self.registerTrainingKey, scope: .app, in: db)
            return true
        }
    }

    /// The last number of `registerId`'s training series (0 before the first), for `pos register show`.
    public func trainingSeries(registerId: String?) async throws -> Int64 {
        try await read { db in try TrainingSeries.lastNumber(registerId: registerId ?? "", in: db) }
    }
}
