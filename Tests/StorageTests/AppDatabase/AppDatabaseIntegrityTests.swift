import Foundation
import GRDB
import POSFoundation
import POSFoundationTestSupport
import Testing
@testable import Storage

/// The integrity check at opening: a command checks the counter's own records, the counter the whole file.
struct AppDatabaseIntegrityTests {
    @Test func openOnDisk_recordsScope_refusesADamagedOutboxAndWritesNothing() throws {
        // Given a migrated database whose outbox's root page is overwritten
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        try Self.damage(table: "outbox", in: path)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))

        // When
        let error = #expect(throws: StorageError.self) {
            try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        }

        // Then
        #expect(error?.code == .corrupt)
        #expect(error?.detail.hasPrefix("quick_check: ") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    @Test func openOnDisk_damagedCatalog_opensForACommandAndIsRefusedByTheWholeCheck() throws {
        // Given a migrated database whose product table's root page is overwritten
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        try Self.damage(table: "product", in: path)

        // When a command opens it, then the counter
        let opened = Result { try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now)) }
        let error = #expect(throws: StorageError.self) {
            try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now), integrity: .everything)
        }

        // Then the command's check leaves the catalog to the counter's, which refuses it
        #expect((try? opened.get()) != nil)
        #expect(error?.code == .corrupt)
    }

    @Test func quickCheck_recordsScope_leavesOutOnlyTheCatalogTables() throws {
        // Given
        let directory = try TemporaryDirectory()
        let path = directory.path("pos.sqlite")
        _ = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        let queue = try DatabaseQueue(path: path)

        // When
        let skipped = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }.filter(AppDatabase.isCatalogTable)

        // Then
        #expect(skipped == ["product", "productCategory", "productCategoryLink", "productSearch",
                            "productSearch_config", "productSearch_data", "productSearch_docsize", "productSearch_idx",
                            "productVariation"])
    }

    /// Migrates a new database at `path`, then overwrites the b-tree header of `table`'s root page, as a failing
    /// disk would.
    private static func damage(table: String, in path: String) throws {
        _ = try AppDatabase.openOnDisk(at: path, dates: .constant(StorageFixtures.now))
        let (root, pageSize) = try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let root = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [table])
            return (root ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        #expect(root > 1)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.seek(toOffset: UInt64((root - 1) * pageSize))
        try file.write(contentsOf: Data(repeating: 0xFF, count: 64))
    }
}
