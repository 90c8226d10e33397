import Foundation
import Testing

/// Runs the built `pos` executable as a cashier or a script would, and captures what it says.
struct PosProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `pos` binary next to the test bundle (`swift build --build-tests` builds it there).
    static var executable: URL {
        if let override = ProcessInfo.processInfo.environment["POS_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in candidates {
            let url = directory.appendingPathComponent("pos")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // The package's default build folder, found from this file's path.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/pos")
    }

    /// The `pos-bench` binary next to `pos`.
    static var benchExecutable: URL {
        executable.deletingLastPathComponent().appendingPathComponent("pos-bench")
    }

    /// Runs `pos` (or `binary`) with arguments and extra environment variables, and waits for it to exit; killed
    /// with a recorded issue after `timeout`.
    /// `stdin`: lines for its standard input (cashier PINs); none reads /dev/null.
    static func run(_ arguments: [String], environment: [String: String] = [:], binary: URL? = nil,
                    stdin: String? = nil, timeout: Duration = .seconds(300)) async throws -> Outcome {
        let (status, stdout, stderr) = try await TestProcess.run(
            (binary ?? executable).path, arguments, environment: Self.environment(adding: environment),
            stdin: stdin.map { Data($0.utf8) }, timeout: timeout)
        return Outcome(status: status, stdout: stdout, stderr: stderr)
    }

    /// This test process's environment without the app password, in English whatever the person running the
    /// tests reads (pos speaks what LC_ALL, LC_MESSAGES or LANG ask for), plus `extra`.
    static func environment(adding extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "POS_APP_PASSWORD")
        env.removeValue(forKey: "LC_ALL")
        env.removeValue(forKey: "LC_MESSAGES")
        env["LANG"] = "C.UTF-8"
        for (key, value) in extra { env[key] = value }
        return env
    }
}

/// A fresh data directory under the temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pos-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
