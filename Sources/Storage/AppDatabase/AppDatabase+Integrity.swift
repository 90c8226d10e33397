import Dispatch
import Foundation
import GRDB
import Synchronization

extension AppDatabase {
    /// How long the integrity check at opening may take before it is abandoned (and the database used as is).
    ///
    /// `PRAGMA quick_check` reads every page; on a counter's database (tens of MB) it takes well under a second.
    /// The bound keeps a huge catalog on a slow card from delaying the counter's start indefinitely.
    public static let integrityCheckTimeLimit: TimeInterval = 3

    /// What SQLite's `PRAGMA quick_check` found.
    public enum IntegrityCheck: Sendable, Equatable {
        /// Every page and index entry checked is sound.
        case passed
        /// The problems SQLite listed (at most ``AppDatabase/integrityProblemsListed``).
        case damaged([String])
        /// The check ran longer than its time limit and was interrupted: nothing is known.
        case abandoned
    }

    /// How many problems the check lists at most.
    static let integrityProblemsListed = 10

    /// Runs `PRAGMA quick_check` on a read connection of `reader`, interrupted after `timeLimit` seconds.
    ///
    /// Reads only: nothing is written to the file, whatever it finds.
    ///
    /// - Throws: `DatabaseError` for failures other than the interruption (a file that is not a database…).
    static func quickCheck(
        _ reader: any DatabaseReader, timeLimit: TimeInterval = integrityCheckTimeLimit
    ) throws -> IntegrityCheck {
        let state = Mutex((finished: false, interrupted: false))
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            state.withLock { state in
                guard !state.finished else { return }
                state.interrupted = true
                reader.interrupt()
            }
        }
        do {
            let rows = try reader.read { db in
                try String.fetchAll(db, sql: "PRAGMA quick_check(\(integrityProblemsListed))")
            }
            state.withLock { $0.finished = true }
            return rows == ["ok"] ? .passed : .damaged(rows)
        } catch let error as DatabaseError {
            let interrupted = state.withLock { state in
                state.finished = true
                return state.interrupted
            }
            if error.resultCode == .SQLITE_INTERRUPT && interrupted { return .abandoned }
            if error.resultCode == .SQLITE_CORRUPT { return .damaged([error.message ?? "database disk image is malformed"]) }
            throw error
        }
    }

    /// Refuses a damaged database: throws ``StorageError/Code/corrupt`` naming the file and SQLite's findings.
    static func checkIntegrity(of reader: any DatabaseReader, path: String) throws {
        switch try quickCheck(reader) {
        case .passed, .abandoned:
            return
        case .damaged(let problems):
            throw StorageError(
                code: .corrupt, resultCode: .SQLITE_CORRUPT,
                detail: "quick_check: " + problems.prefix(3).joined(separator: "; "), path: path)
        }
    }
}
