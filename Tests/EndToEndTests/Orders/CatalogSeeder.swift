import Foundation

/// Seeds catalog rows straight into a data directory's database with /usr/bin/python3's sqlite3, for tests
/// that run before a catalog sync exists in this branch. The database must exist (any pos command creates it).
enum CatalogSeeder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs SQL statements in one transaction.
    static func execute(_ statements: [String], database: String) throws {
        let script = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1])
            with connection:
                for statement in sys.stdin.read().split(';\\n'):
                    if statement.strip():
                        connection.execute(statement)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, database]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(statements.joined(separator: ";\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "seeding failed: \(message)")
        }
    }
}
