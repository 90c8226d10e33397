import Foundation
import Testing

/// The module import graph of docs/architecture.md holds: scripts/check-imports.sh reads every import line.
struct ModuleGraphTests {
    @Test func importGraph_everyModule_importsOnlyWhatItMay() throws {
        // Given
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/check-imports.sh").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        // When
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Then
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("the module graph holds"))
    }
}
