import Foundation

/// Seeds catalog rows straight into a data directory's database with /usr/bin/python3's sqlite3, for tests
/// that run before a catalog sync exists in this branch. The database must exist (any pos command creates it).
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
}
