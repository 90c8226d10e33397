import CSQLiteConfig
import Foundation
import GRDB
import POSFoundation
import Synchronization

/// The local database: concurrent reads from anywhere, and every write through one serialized entry.
///
/// Production opens a WAL `DatabasePool` on disk with ``openOnDisk(at:dates:)``: `synchronous = FULL`, so a
/// committed sale survives a power cut; foreign keys on; a busy timeout; the file created with mode 0600.
/// Tests use ``inMemory(dates:)``. Both run ``AppMigrations`` before handing the database out.
///
/// Writes go through ``performAndSave(_:)``, one transaction on the single writer connection; reads go
/// through ``read(_:)-(@Sendable (Database) throws -> T)`` (async) or ``read(_:)-((Database) throws -> T)``
/// (blocking). Callers get immutable values back, never live records. GRDB's `DatabaseError` is mapped to
/// ``StorageError``; errors thrown by the closures themselves pass through unchanged.
///
/// ```swift
/// let database = try AppDatabase.openOnDisk(at: dataDir + "/pos.sqlite", dates: .live)
/// try await database.performAndSave { db in try ProductRecord.upsertPage(products, in: db) }
/// let hits = try await database.read { db in try ProductRecord.search("coc", limit: 20, in: db) }
/// ```
///
/// ## Topics
/// - ``performAndSave(_:)``
/// - ``observe(_:)``
/// - ``wipeStoreData()``
public struct AppDatabase: Sendable {
    /// How long a connection waits for another process's lock before failing with ``StorageError/Code/locked``.
    public static let busyTimeout: TimeInterval = 5

    let writer: any DatabaseWriter
    /// The writer's `PRAGMA data_version` last seen by ``noticeOtherProcessesCommits()``.
    let seenDataVersion = SeenDataVersion()

    /// Wraps an open connection and migrates it to the current schema.
    ///
    /// - Throws: ``StorageError`` with ``StorageError/Code/migrationFailed`` and the failing step's name.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        do {
            // GRDB's DatabasePool sets the writer to `synchronous = NORMAL` when it turns WAL on, after
            // `prepareDatabase` ran; NORMAL may lose the last commits on power loss, so set FULL again here.
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        } catch let error as DatabaseError {
            throw StorageError(error)
        }
        try AppDatabase.migrate(writer)
    }

    /// Opens (or creates) the database file at `path` as a WAL pool, refusing it when the integrity check over
    /// `integrity` finds damage.
    ///
    /// - Parameters:
    ///   - path: The file path; its directory must exist (its permissions are the caller's business).
    ///   - dates: The clock read for `db.transactionDate`, which records use for their timestamps.
    ///   - integrity: How much to check before anything is written (see ``IntegrityScope``).
    /// - Throws: ``StorageError``: ``StorageError/Code/cannotOpen``, ``StorageError/Code/corrupt``,
    ///   ``StorageError/Code/locked``, ``StorageError/Code/migrationFailed``…
    public static func openOnDisk(
        at path: String, dates: DateGenerator, integrity: IntegrityScope = .records
    ) throws -> AppDatabase {
        try createFileIfMissing(at: path)
        do {
            let pool = try DatabasePool(path: path, configuration: makeConfiguration(dates: dates))
            // Before any migration writes: a damaged file is refused, never written over.
            try checkIntegrity(of: pool, scope: integrity, path: path)
            return try AppDatabase(pool)
        } catch let error as DatabaseError {
            throw StorageError(error).at(path)
        } catch let error as StorageError {
            throw error.at(path)
        }
    }

    /// An empty, migrated in-memory database for tests and previews.
    public static func inMemory(dates: DateGenerator) throws -> AppDatabase {
        do {
            return try AppDatabase(DatabaseQueue(configuration: makeConfiguration(dates: dates)))
        } catch let error as DatabaseError {
            throw StorageError(error)
        }
    }

    /// The configuration every connection uses: durability, foreign keys, busy timeout, transaction clock.
    public static func makeConfiguration(dates: DateGenerator) -> Configuration {
        _ = configureSQLite
        var config = Configuration()
        config.label = "pos"
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.transactionClock = .custom { _ in dates() }
        config.prepareDatabase { db in
            // Every connection; the pool's writer is set again in `init` (see there).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    /// Process-wide SQLite settings, made once before the first connection opens (SQLite refuses them after).
    ///
    /// Memory statistics off: with them on (Debian's default), every allocation SQLite makes takes and releases a
    /// global mutex to count it, about 6 % of the catalog writer's CPU in a full pull; pos never reads them.
    private static let configureSQLite: Void = {
        _ = pos_sqlite3_disable_memory_statistics()
    }()

    // MARK: - Reading

    /// Reads a consistent snapshot off the calling task's executor.
    ///
    /// - Throws: ``StorageError`` for database failures, or the closure's own error.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw mapping(error)
        }
    }

    /// Reads a consistent snapshot, blocking the calling thread: for command-line code outside async contexts.
    ///
    /// - Throws: ``StorageError`` for database failures, or the closure's own error.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch {
            throw mapping(error)
        }
    }

    /// A read-only view of the database, for GRDB observations and requests that take a reader.
    public var reader: any DatabaseReader { writer }

    // MARK: - Writing

    /// Runs `body` in one transaction on the single writer and commits it durably before returning.
    ///
    /// This is the only way to write. If `body` throws, the transaction rolls back and nothing is saved.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: ``StorageError`` for database failures (disk full, constraint…), or the closure's own error.
    @discardableResult
    public func performAndSave<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch {
            throw mapping(error)
        }
    }

    /// How far a committed write is guaranteed to survive.
    public enum Durability: Sendable {
        /// `synchronous = FULL`: the commit is on the disk before ``performAndSave(_:)`` returns; it survives a
        /// power cut. Everything money-final (completed sales, tenders, the payment journal, the outbox).
        case powerLoss
        /// `synchronous = NORMAL` for this one transaction (WAL): the commit is in the operating system's hands
        /// before the call returns, so it survives the process crashing or being killed (SIGKILL), but a power
        /// cut or a kernel crash may lose it. The next ``powerLoss`` commit syncs the WAL, and with it every
        /// earlier commit, in order. For edits nothing depends on yet: the lines of a cart being rung up.
        case processCrash
    }

    /// Runs `body` in one transaction on the single writer, committed with the given durability.
    ///
    /// ``Durability/processCrash`` saves the disk sync of the commit (the cost of a WAL `fsync`, often more
    /// than everything else a cart edit does); ``Durability/powerLoss`` is ``performAndSave(_:)``.
    ///
    /// - Throws: ``StorageError`` for database failures, or the closure's own error.
    @discardableResult
    public func performAndSave<T: Sendable>(
        durability: Durability, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        guard durability == .processCrash else { return try await performAndSave(body) }
        do {
            return try await writer.writeWithoutTransaction { db in
                // Cached statements: each scan's cart edit comes here, and `execute(sql:)` prepares the SQL anew.
                try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                let outcome = Result { () throws -> T in
                    var value: T?
                    try db.inTransaction {
                        value = try body(db)
                        return .commit
                    }
                    guard let value else { throw DatabaseError(message: "the transaction returned no value") }
                    return value
                }
                // Back to FULL before anything else uses the writer, whether the body committed or not.
                try db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute()
                return try outcome.get()
            }
        } catch {
            throw mapping(error)
        }
    }

    // MARK: - Private

    /// A database error as a ``StorageError`` naming the file (for a database on disk).
    private func mapping(_ error: any Error) -> any Error {
        let mapped = StorageError.mapping(error)
        guard let storageError = mapped as? StorageError, writer.path != ":memory:", !writer.path.isEmpty else {
            return mapped
        }
        return storageError.at(writer.path)
    }

    private static func migrate(_ writer: any DatabaseWriter) throws {
        let migrator = AppMigrations.makeMigrator()
        let applied: Set<String>
        do {
            applied = try writer.read { db in
                if try migrator.hasBeenSuperseded(db) {
                    throw StorageError(code: .migrationFailed, detail: "the database was written by a newer version")
                }
                return try migrator.appliedIdentifiers(db)
            }
        } catch let error as DatabaseError {
            throw StorageError(error)
        }
        // Step by step, so a failure names the migration that failed. (GRDB traps when asked to migrate
        // up to a step that is already behind the database, hence the filter.)
        for name in AppMigrations.all where !applied.contains(name) {
            do {
                try migrator.migrate(writer, upTo: name)
            } catch let error as DatabaseError {
                throw StorageError(error, migration: name)
            } catch {
                throw StorageError(code: .migrationFailed, migration: name, detail: String(describing: error))
            }
        }
    }

    /// Creates the file with mode 0600 so SQLite (which copies the mode to its -wal and -shm files) never
    /// makes it readable by other users.
    private static func createFileIfMissing(at path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StorageError.fileSystem("create database", path: path, errno: errno)
        }
        close(descriptor)
    }
}

/// A value shared by the copies of one ``AppDatabase``.
final class SeenDataVersion: Sendable {
    private let value = Mutex<Int?>(nil)

    /// Stores `version`; returns whether an earlier, different one was stored.
    func replace(with version: Int?) -> Bool {
        value.locked { seen in
            defer { seen = version }
            return seen != nil && seen != version
        }
    }
}
