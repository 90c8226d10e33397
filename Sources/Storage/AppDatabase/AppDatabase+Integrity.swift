import POSFoundation
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

    /// How much of the file is checked when it is opened.
    ///
    /// A full `PRAGMA quick_check` reads every page: about 100 ms on a counter holding 100,000 products, paid by
    /// every `pos` command before it does anything. Almost all of it is the catalog, which the store can always
    /// send again. So a command checks the tables that hold what only this counter has (sales, payments, the
    /// outbox, shifts, the fiscal journal, settings); the long-running counter checks everything once at its
    /// start, and so does `pos status` (where a merchant looks for trouble). Damage in a catalog table that a command does not check still fails that command's reads with
    /// ``StorageError/Code/corrupt``; nothing is written over it.
    public enum IntegrityScope: Sendable, Equatable {
        /// Every table but the catalog's: a few milliseconds however large the catalog.
        case records
        /// The whole file, freelist and page accounting included.
        case everything
    }

    /// The catalog's tables: synced from the store and rebuilt by a full catalog sync, so ``IntegrityScope/records``
    /// leaves them out. The full-text index's shadow tables are matched by prefix.
    static let catalogTables: Set<String> = ["product", "productVariation", "productCategory", "productCategoryLink"]
    static let catalogTablePrefixes = ["productSearch"]

    static func isCatalogTable(_ name: String) -> Bool {
        catalogTables.contains(name) || catalogTablePrefixes.contains { name.hasPrefix($0) }
    }

    /// Runs `PRAGMA quick_check` over `scope` on a read connection of `reader`, interrupted after `timeLimit`
    /// seconds.
    ///
    /// Reads only: nothing is written to the file, whatever it finds.
    ///
    /// - Throws: `DatabaseError` for failures other than the interruption (a file that is not a database…).
    static func quickCheck(
        _ reader: any DatabaseReader, scope: IntegrityScope = .everything,
        timeLimit: TimeInterval = integrityCheckTimeLimit
    ) throws -> IntegrityCheck {
        let state = Mutex((finished: false, interrupted: false))
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            state.locked { state in
                guard !state.finished else { return }
                state.interrupted = true
                reader.interrupt()
            }
        }
        do {
            let problems = try reader.read { db in try quickCheckProblems(db, scope: scope) }
            state.locked { $0.finished = true }
            return problems.isEmpty ? .passed : .damaged(problems)
        } catch let error as DatabaseError {
            let interrupted = state.locked { state in
                state.finished = true
                return state.interrupted
            }
            if error.resultCode == .SQLITE_INTERRUPT && interrupted { return .abandoned }
            if error.resultCode == .SQLITE_CORRUPT { return .damaged([error.message ?? "database disk image is malformed"]) }
            throw error
        }
    }

    /// SQLite's findings over `scope`; empty when sound.
    private static func quickCheckProblems(_ db: Database, scope: IntegrityScope) throws -> [String] {
        switch scope {
        case .everything:
            let rows = try String.fetchAll(db, sql: "PRAGMA quick_check(\(integrityProblemsListed))")
            return rows == ["ok"] ? [] : rows
        case .records:
            // Reading the schema itself fails on a damaged first page (SQLITE_CORRUPT or SQLITE_NOTADB).
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            var problems: [String] = []
            for table in tables where !isCatalogTable(table) {
                let rows = try String.fetchAll(db, sql: "PRAGMA quick_check(\(table.quotedDatabaseIdentifier))")
                if rows != ["ok"] { problems += rows }
                if problems.count >= integrityProblemsListed { break }
            }
            return Array(problems.prefix(integrityProblemsListed))
        }
    }

    /// Refuses a damaged database: throws ``StorageError/Code/corrupt`` naming the file and SQLite's findings.
    static func checkIntegrity(of reader: any DatabaseReader, scope: IntegrityScope, path: String) throws {
        switch try quickCheck(reader, scope: scope) {
        case .passed, .abandoned:
            return
        case .damaged(let problems):
            throw StorageError(
                code: .corrupt, resultCode: .SQLITE_CORRUPT,
                detail: "quick_check: " + problems.prefix(3).joined(separator: "; "), path: path)
        }
    }
}
