import Foundation

/// A Python peer process (pyteliummanager, PyPI module `telium`) from the venv scripts/install-deps.sh builds,
/// running one of the scripts in `scripts/concert/`; its standard output is read line by line as it arrives.
final class PythonPeer {
    /// Why the peer cannot run, or `nil` when the venv has `telium`. Probed once, awaiting the interpreter's exit
    /// off the concurrency pool.
    static var unavailableReason: String? {
        get async { await probe.value }
    }

    private static let probe = Task<String?, Never> {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            return "pyteliummanager venv missing at \(python.path): run scripts/install-deps.sh (pip could not reach PyPI?)"
        }
        guard let probe = try? await TestProcess.run(python.path, ["-c", "import telium"],
                                                     environment: ProcessInfo.processInfo.environment,
                                                     stdout: .null, stderr: .null, timeout: .seconds(60))
        else { return "cannot start \(python.path)" }
        return probe.status == 0
            ? nil : "pyteliummanager is not installed in \(python.path): run scripts/install-deps.sh (pip could not reach PyPI?)"
    }

    /// The venv's interpreter (`POS_PYTHON_VENV`, else `~/.cache/pos/python-venv`).
    static var python: URL {
        let environment = ProcessInfo.processInfo.environment
        let venv = environment["POS_PYTHON_VENV"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/pos/python-venv").path
        return URL(fileURLWithPath: venv).appendingPathComponent("bin/python")
    }

    /// A script in `scripts/concert/`, found from this file's path.
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/concert/\(name)").path
    }

    private let child: TestProcess
    private var iterator: AsyncStream<String>.Iterator

    /// Starts `python script arguments…`.
    init(script name: String, _ arguments: [String]) async throws {
        child = try await TestProcess.start(Self.python.path, [Self.script(name)] + arguments,
                                            environment: ProcessInfo.processInfo.environment)
        iterator = child.stdoutLines().makeAsyncIterator()
    }

    /// The next output line; `nil` once the process ended.
    func nextLine() async -> String? {
        await iterator.next()
    }

    /// The next line decoded as a JSON object.
    func nextJSON() async throws -> [String: Any]? {
        guard let line = await nextLine() else { return nil }
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }

    /// Waits for the process to end and returns its status and standard error.
    func finish() async -> (status: Int32, stderr: String) {
        let stderr = await child.standardError()
        return (await child.waitForExit(), stderr)
    }

    /// Sends SIGTERM; swift-subprocess reaps the child (this returns at once, so `defer` can call it).
    func terminate() {
        child.signal(SIGTERM)
    }
}
