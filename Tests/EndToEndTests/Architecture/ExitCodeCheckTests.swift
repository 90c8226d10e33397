import Foundation
import Testing

/// Every exit in Sources/pos goes through the one table's named codes: scripts/check-exit-codes.sh fails
/// on an exit status made from a raw number, and on a table that differs from docs/operations.md's.
struct ExitCodeCheckTests {
    @Test func everyExit_usesTheTablesNamedCodes() async throws {
        // Given
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // When
        let (status, stdout, stderr) = try await TestProcess.run(
            "/bin/bash", [root.appendingPathComponent("scripts/check-exit-codes.sh").path],
            environment: ProcessInfo.processInfo.environment)
        // Then
        #expect(status == 0, "\(stdout)\(stderr)")
        #expect(stdout.contains("every exit in Sources/pos uses the table's named codes"))
    }
}
