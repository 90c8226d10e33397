import Foundation
import Testing

/// The string catalog holds: scripts/check-strings.sh fails when a key the code uses lacks an English or a
/// German text, when the two tables differ, or when a localised file hands a person a literal instead of a key.
struct StringCatalogTests {
    @Test func stringCatalog_everyKeyUsed_hasEnglishAndGerman() async throws {
        // Given
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // When
        let (status, stdout, stderr) = try await TestProcess.run(
            "/bin/bash", [root.appendingPathComponent("scripts/check-strings.sh").path],
            environment: ProcessInfo.processInfo.environment)
        // Then
        #expect(status == 0, "\(stdout)\(stderr)")
        #expect(stdout.contains("the catalog holds"))
    }
}
