import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct AppDatabaseOnDiskTests {
    @Test func openOnDisk_newFile_usesWALFullSyncForeignKeysAndMode0600() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")

        // When
        let database = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        try await database.performAndSave { db in try StorageFixtures.product(1, name: "Tea").insert(db) }

        // Then
        let (journalMode, synchronous, foreignKeys) = try await database.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA synchronous"),
             try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        let writerSynchronous = try await database.performAndSave { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(journalMode == "wal")
        #expect(synchronous == 2)          // FULL
        #expect(writerSynchronous == 2)
        #expect(foreignKeys == true)
        #expect(try filePermissions(path) == 0o600)
        #expect(try filePermissions(path + "-wal") == 0o600)
    }

    @Test func performAndSave_processCrashDurability_commitsInNormalThenPutsTheWriterBackToFull() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.openOnDisk(at: directory.path("pos.sqlite"), dates: .constant(StorageFixtures.now))

        // When: a cart-edit-like write, then one whose body throws
        let inside = try await database.performAndSave(durability: .processCrash) { db in
            try StorageFixtures.product(1, name: "Tea").insert(db)
            return try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        await #expect(throws: SaleWriteError.self) {
            try await database.performAndSave(durability: .processCrash) { db in
                try StorageFixtures.product(2, name: "Coffee").insert(db)
                throw SaleWriteError.notFound("2")
            }
        }

        // Then: NORMAL inside, committed, the failed one rolled back, and the next write is FULL again
        let names = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM product ORDER BY id") }
        let after = try await database.performAndSave { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(inside == 1)               // NORMAL
        #expect(names == ["Tea"])
        #expect(after == 2)                // FULL
    }

    @Test func performAndSave_200ConcurrentIncrements_endsWithTheExactCount() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.openOnDisk(at: directory.path("pos.sqlite"), dates: .constant(StorageFixtures.now))
        try await database.performAndSave { db in
            try SettingRecord.set("0", forKey: "counter", scope: .app, in: db)
        }

        // When: each write reads, then writes back the value plus one (a lost update if writes interleaved)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await database.performAndSave { db in
                        let value = try Int(SettingRecord.value(forKey: "counter", in: db) ?? "0") ?? 0
                        try SettingRecord.set(String(value + 1), forKey: "counter", scope: .app, in: db)
                    }
                }
            }
            try await group.waitForAll()
        }

        // Then
        let final = try await database.read { db in try SettingRecord.value(forKey: "counter", in: db) }
        #expect(final == "200")
    }

    @Test func read_concurrentWithWrites_neverSeesAHalfWrittenTransaction() async throws {
        // Given two counters that every transaction moves together
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.openOnDisk(at: directory.path("pos.sqlite"), dates: .constant(StorageFixtures.now))
        try await database.performAndSave { db in
            try SettingRecord.set("0", forKey: "a", scope: .app, in: db)
            try SettingRecord.set("0", forKey: "b", scope: .app, in: db)
        }

        // When
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await database.performAndSave { db in
                        let a = try Int(SettingRecord.value(forKey: "a", in: db) ?? "") ?? -1
                        try SettingRecord.set(String(a + 1), forKey: "a", scope: .app, in: db)
                        let b = try Int(SettingRecord.value(forKey: "b", in: db) ?? "") ?? -1
                        try SettingRecord.set(String(b + 1), forKey: "b", scope: .app, in: db)
                    }
                    return 0
                }
                group.addTask {
                    try await database.read { db in
                        let a = try SettingRecord.value(forKey: "a", in: db)
                        let b = try SettingRecord.value(forKey: "b", in: db)
                        return a == b ? 0 : 1
                    }
                }
            }
            return try await group.reduce(0, +)
        }

        // Then
        #expect(mismatches == 0)
        let final = try await database.read { db in try SettingRecord.value(forKey: "b", in: db) }
        #expect(final == "100")
    }

    @Test func openOnDisk_garbageFile_throwsCorrupt() throws {
        // Given
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))

        // When
        let error = #expect(throws: StorageError.self) {
            try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        }

        // Then
        #expect(error?.code == .corrupt)
        #expect(error?.resultCode == .SQLITE_NOTADB)
    }

    @Test func openOnDisk_missingDirectory_throwsWithErrno() throws {
        // Given
        let directory = try TemporaryDirectory()

        // When
        let error = #expect(throws: StorageError.self) {
            try AppDatabase.openOnDisk(at: directory.path("missing/pos.sqlite"), dates: .constant(StorageFixtures.now))
        }

        // Then
        #expect(error?.errno == ENOENT)
    }

    @Test func performAndSave_readOnlyDatabase_throwsReadOnly() async throws {
        // Given a migrated file opened read-only
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        _ = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        var config = AppDatabase.makeConfiguration(dates: .constant(StorageFixtures.now))
        config.readonly = true
        let database = try AppDatabase(DatabaseQueue(path: path, configuration: config))

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in try StorageFixtures.product(1, name: "Tea").insert(db) }
        }

        // Then
        #expect(error?.code == .readOnly)
        #expect(error?.resultCode?.primaryResultCode == .SQLITE_READONLY)
        #expect(error?.recoverySuggestion.isEmpty == false)
    }

    @Test func performAndSave_diskFull_throwsDiskFullAndKeepsEarlierData() async throws {
        // Given a database that may not grow past its current size
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.openOnDisk(at: directory.path("pos.sqlite"), dates: .constant(StorageFixtures.now))
        try await database.performAndSave { db in try StorageFixtures.product(1, name: "Tea").insert(db) }
        try await database.performAndSave { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in
                for id in Int64(2)...500 {
                    try StorageFixtures.product(id, name: String(repeating: "x", count: 2000)).insert(db)
                }
            }
        }

        // Then
        #expect(error?.code == .diskFull)
        #expect(error?.resultCode == .SQLITE_FULL)
        #expect(error?.message.contains("disk is full") == true)
        #expect(error?.recoverySuggestion.contains("nothing was lost") == true)
        #expect(try await database.read { db in try ProductRecord.fetchCount(db) } == 1)
    }

    @Test func performAndSave_lockedByAnotherConnection_throwsLocked() async throws {
        // Given a second connection that holds the write lock and a database that does not wait for it
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        _ = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        var impatient = AppDatabase.makeConfiguration(dates: .constant(StorageFixtures.now))
        impatient.busyMode = .immediateError
        let database = try AppDatabase(DatabasePool(path: path, configuration: impatient))
        var lockHolder = Configuration()
        lockHolder.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: lockHolder)
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? other.inDatabase { db in try db.execute(sql: "ROLLBACK") } }

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in try StorageFixtures.product(1, name: "Tea").insert(db) }
        }

        // Then
        #expect(error?.code == .locked)
    }
}
