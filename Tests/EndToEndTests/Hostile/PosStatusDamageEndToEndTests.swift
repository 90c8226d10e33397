import Foundation
import Testing

/// Damage is found where a merchant looks (issue "Install like a product", item 6): `pos status` checks every page
/// of the database (SQLite's `PRAGMA quick_check`), so a file with a hole in its catalog is reported there (exit 9,
/// naming the file and the way back) instead of status printing the usual figures.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PosStatusDamageEndToEndTests {
    /// A demo data directory with a sale and a catalog of a few thousand products (a file of hundreds of pages,
    /// so its middle is a data page and not the schema or the counter's records).
    private static func counterWithABigCatalog(_ data: TemporaryDirectory) async throws -> String {
        let sold = try await PosProcess.run(["sell", "--item", "BAK-PAC", "--pay", "cash", "--data-dir", data.path])
        #expect(sold.status == 0, "\(sold.stderr)")
        let database = data.url.appendingPathComponent("pos.sqlite").path
        try await CatalogSeeder.execute([
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
            INSERT INTO product (id, name, sku, price, regularPrice)
            SELECT 100000 + i, 'Bulk product ' || i || ' ' || hex(randomblob(60)), 'BULK-' || i, '1.00', '1.00' FROM n
            """,
        ], database: database)
        return database
    }

    /// Zeroes 8 KiB in the middle of the file, page-aligned, as a failing disk would; returns SQLite's own verdict.
    private static func zeroTheMiddle(of path: String) async throws -> String {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            size = c.execute("PRAGMA page_size").fetchone()[0]
            pages = c.execute("PRAGMA page_count").fetchone()[0]
            c.close()
            assert pages >= 200, pages
            with open(sys.argv[1], "r+b") as f:
                f.seek((pages // 2) * size)
                f.write(b"\\0" * 8192)
            c = sqlite3.connect(sys.argv[1])
            try:
                print(c.execute("PRAGMA quick_check").fetchone()[0])
            except sqlite3.DatabaseError as e:
                print(e)
            """
        let outcome = try await TestProcess.run("/usr/bin/python3", ["-c", script, path],
                                                environment: ProcessInfo.processInfo.environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test func status_onADatabaseWith8KiBZeroedInTheMiddle_namesTheFileAndExits9() async throws {
        // Given a counter whose database lost 8 KiB in the middle of its catalog
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let database = try await Self.counterWithABigCatalog(data)
        let verdict = try await Self.zeroTheMiddle(of: database)
        #expect(verdict != "ok\n", "the damage must be one SQLite can see")
        let damaged = try Data(contentsOf: URL(fileURLWithPath: database))

        // When
        let status = try await PosProcess.run(["status", "--data-dir", data.path])
        let json = try await PosProcess.run(["status", "--json", "--data-dir", data.path])

        // Then it does not print the usual figures but says which file is damaged and what to do, with exit 9
        for outcome in [status, json] {
            #expect(outcome.status == 9, "\(outcome.stdout)\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(outcome.stdout)")
            #expect(outcome.stderr.hasPrefix("pos: The local database \(database) is damaged.\n"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("restore the latest backup"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("Error Domain"))
        }
        // And nothing was written over the damaged file
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == damaged)
    }

    @Test func status_onTheSameHealthyDatabase_reportsTheUsualFiguresAndExits0() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        _ = try await Self.counterWithABigCatalog(data)

        let status = try await PosProcess.run(["status", "--data-dir", data.path])

        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Demo Store"), "\(status.stdout)")
        #expect(status.stdout.contains(data.path), "\(status.stdout)")
    }
}
