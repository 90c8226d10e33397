import Foundation
import Synchronization

/// One demo day — a demo data directory with one cash sale (order 1, 2,10 €), in English — made once per test run
/// by two real `pos` runs, and copied into each test's own data directory: the exit-code and JSON suites start some
/// twenty tests from it, and seeding the demo and selling for each was two `pos` processes a test.
enum DemoDay {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The day, made on first use; removed when the test process exits.
    private static let template = Task<URL, any Error> {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pos-e2e-demo-day-\(UUID().uuidString)",
                                                                                 isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        templatePath.withLock { $0 = url.path }
        atexit {
            if let path = DemoDay.templatePath.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
        let opened = try await PosProcess.run(["--data-dir", url.path])
        guard opened.status == 0 else { throw Failure(description: "pos (the demo): \(opened.status) \(opened.stderr)") }
        let sold = try await PosProcess.run(["sell", "--data-dir", url.path, "--item", "BAK-PAC", "--pay", "cash"])
        guard sold.status == 0 else { throw Failure(description: "pos sell: \(sold.status) \(sold.stderr)") }
        return url
    }

    private static let templatePath = Mutex<String?>(nil)

    /// Replaces `data`'s (empty) directory with a copy of the demo day.
    static func copy(into data: TemporaryDirectory) async throws {
        let source = try await template.value
        try FileManager.default.removeItem(at: data.url)
        try FileManager.default.copyItem(at: source, to: data.url)
    }
}
