import Foundation
import Testing

/// The data directory as it can be found on a real counter: on a disk mounted read-only, owned by another user,
/// or holding a damaged database. Every command says which file, what to do, and exits 9; nothing is written.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PosHostileEnvironmentEndToEndTests {
    /// What `pos` prints after the first line for a directory it may not write to.
    static let readOnlyAdvice = "  pos keeps its sales there and must write to it: remount the disk read-write, give the "
        + "directory to the user pos runs as (`chown -R`), or choose another directory with --data-dir.\n"

    static var isRoot: Bool { getuid() == 0 }

    /// A demo data directory with two cash sales (any `pos` command on a fresh directory opens the demo store).
    private static func demoWithSales(_ data: TemporaryDirectory) async throws {
        let opened = try await PosProcess.run(["--data-dir", data.path])
        #expect(opened.status == 0, "stderr: \(opened.stderr)")
        for _ in 0..<2 {
            let sold = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "BAK-PAC", "--pay", "cash"])
            #expect(sold.status == 0, "stderr: \(sold.stderr)")
        }
    }

    @Test(.enabled(if: isRoot, "needs root to bind-mount the directory read-only"))
    func everyCommand_onAReadOnlyDisk_namesTheDirectoryAndExits9() async throws {
        // Given a demo data directory, then its disk mounted read-only
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoWithSales(data)
        try await Self.run("/usr/bin/mount", ["--bind", "-o", "ro", data.path, data.path])
        // Unmounted before `data.remove()` runs, also when a command throws (a `defer` cannot await umount).
        var thrown: (any Error)?
        do {
            for arguments in [["status"], ["orders", "list"], ["sell", "--item", "BAK-PAC", "--pay", "cash"], ["sync"], []] {
                // When
                let outcome = try await PosProcess.run(arguments + ["--data-dir", data.path])

                // Then
                #expect(outcome.status == 9, "pos \(arguments)")
                #expect(outcome.stderr == "pos: pos cannot write to \(data.path) (read-only file system).\n" + Self.readOnlyAdvice,
                        "pos \(arguments)")
                #expect(!outcome.stderr.contains("Error Domain"))
            }
        } catch {
            thrown = error
        }
        try? await Self.run("/usr/bin/umount", [data.path])
        if let thrown { throw thrown }
    }

    @Test(.enabled(if: isRoot, "needs root to run a command as nobody"))
    func status_asAnotherUserOnA0555Directory_namesTheDirectoryAndExits9() async throws {
        // Given a directory of root's, mode 0555, and pos run as nobody
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        chmod(parent.path, 0o755)
        let directory = parent.url.appendingPathComponent("data").path
        #expect(mkdir(directory, 0o555) == 0)
        chmod(directory, 0o555)

        // When
        let (status, _, stderr) = try await TestProcess.run(
            "/usr/bin/setpriv",
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", PosProcess.executable.path, "status", "--data-dir", directory],
            environment: PosProcess.environment(adding: ["HOME": "/nonexistent"]))

        // Then
        #expect(status == 9)
        #expect(stderr == "pos: pos cannot write to \(directory) (permission denied).\n" + Self.readOnlyAdvice)
        #expect(!stderr.contains("Code=513"))
    }

    @Test func everyCommand_onADamagedDatabase_refusesNamesTheFileAndWritesNothing() async throws {
        // Given a demo counter whose `order` and `outbox` tables have bad pages
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await Self.demoWithSales(data)
        let database = data.url.appendingPathComponent("pos.sqlite")
        try await Self.damage(tables: ["order", "outbox"], in: database.path)
        let damaged = try Data(contentsOf: database)

        for arguments in [["status"], ["orders", "list"], ["sell", "--item", "BAK-PAC", "--pay", "cash"], ["sync"], []] {
            // When
            let outcome = try await PosProcess.run(arguments + ["--data-dir", data.path])

            // Then it refuses with the file and the way back
            #expect(outcome.status == 9, "pos \(arguments): \(outcome.stdout)")
            #expect(outcome.stderr == """
                pos: The local database \(database.path) is damaged.
                  Stop selling: pos refuses to use it and wrote nothing over it. Copy the data directory aside, then \
                restore the latest backup (docs/operations.md, "Backing up the data directory") or recover what is \
                readable with `sqlite3 \(database.path) .recover | sqlite3 recovered.sqlite` and put recovered.sqlite \
                in its place; unsynced sales keep their ids, so syncing never doubles them.

                """, "pos \(arguments)")
            #expect(!outcome.stdout.contains("Unsynced"))
        }
        // And nothing was written over the damaged file
        #expect(try Data(contentsOf: database) == damaged)
    }

    // MARK: - Helpers

    /// Overwrites the b-tree header of each table's root page, as a failing disk would.
    private static func damage(tables: [String], in path: String) async throws {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            names = sys.argv[2:]
            rows = c.execute("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name IN (%s)" % ",".join("?" * len(names)), names).fetchall()
            size = c.execute("PRAGMA page_size").fetchone()[0]
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            c.close()
            with open(sys.argv[1], "r+b") as f:
                for (page,) in rows:
                    f.seek((page - 1) * size)
                    f.write(b"\\xff" * 64)
            print(len(rows))
            """
        let outcome = try await TestProcess.run("/usr/bin/python3", ["-c", script, path] + tables,
                                                environment: ProcessInfo.processInfo.environment)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "\(tables.count)\n")
    }

    private static func run(_ executable: String, _ arguments: [String]) async throws {
        guard try await TestProcess.run(executable, arguments, environment: ProcessInfo.processInfo.environment,
                                        stdout: .null, stderr: .null).status == 0 else {
            throw CatalogSeeder.Failure(description: "\(executable) \(arguments) failed")
        }
    }
}
