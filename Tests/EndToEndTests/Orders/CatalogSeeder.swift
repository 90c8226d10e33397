import Foundation

/// Seeds catalog rows straight into a data directory's database with /usr/bin/python3's sqlite3, for tests that
/// need exact rows without a store to sync from. The database must exist (any pos command creates it).
enum CatalogSeeder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs SQL statements in one transaction.
    static func execute(_ statements: [String], database: String) async throws {
        let script = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1])
            with connection:
                for statement in sys.stdin.read().split(';\\n'):
                    if statement.strip():
                        connection.execute(statement)
            """
        let outcome = try await TestProcess.run("/usr/bin/python3", ["-c", script, database],
                                                environment: ProcessInfo.processInfo.environment, stdout: .null,
                                                stdin: Data(statements.joined(separator: ";\n").utf8))
        guard outcome.status == 0 else {
            throw Failure(description: "seeding failed: \(outcome.stderr)")
        }
    }

    /// The rows of one query, each column rendered by Python (`bytes` as lowercase hex), tab-separated.
    static func query(_ sql: String, database: String) async throws -> [[String]] {
        let script = """
            import sqlite3, sys
            for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
                print("\\t".join(v.hex() if isinstance(v, bytes) else str(v) for v in row))
            """
        let outcome = try await TestProcess.run("/usr/bin/python3", ["-c", script, database, sql],
                                                environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0 else { throw Failure(description: "query failed: \(outcome.stderr)") }
        return outcome.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}
