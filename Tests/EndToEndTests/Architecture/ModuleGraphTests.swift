import Foundation
import Testing

/// The module import graph of docs/architecture.md holds: scripts/check-imports.sh reads every import line.
struct ModuleGraphTests {
    @Test func importGraph_everyModule_importsOnlyWhatItMay() async throws {
        // Given
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // When
        let (status, stdout, stderr) = try await TestProcess.run(
            "/bin/bash", [root.appendingPathComponent("scripts/check-imports.sh").path],
            environment: ProcessInfo.processInfo.environment)
        // Then
        #expect(status == 0, "\(stdout)\(stderr)")
        #expect(stdout.contains("the module graph holds"))
    }
}
