import Foundation

/// A private cupsd for tests: its own config, spool and socket under a temporary folder, never /etc/cups.
///
/// Queues print through a small `capture` backend that writes each job's bytes to `out/<queue>-<job id>`
/// (reference/linux-stack.md §5). Needs root (the backend must be root-owned, the spool lp-owned) and cupsd.
final class PrivateCUPS {
    let root: URL
    private var process: Process?

    /// Whether a private cupsd can run here.
    static var isAvailable: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/cupsd")
            && FileManager.default.isExecutableFile(atPath: "/usr/sbin/lpadmin")
    }

    /// The socket clients reach it through (`CUPS_SERVER`).
    var socket: String { root.appendingPathComponent("cups.sock").path }
    var environment: [String: String] { ["CUPS_SERVER": socket] }
    var outputFolder: URL { root.appendingPathComponent("out") }

    init() throws {
        // A short path: the socket path must fit in sun_path (108 bytes).
        root = URL(fileURLWithPath: "/tmp/pos-cups-\(UUID().uuidString.prefix(8))")
        let fm = FileManager.default
        for folder in ["etc/ppd", "spool/tmp", "cache", "state", "log", "out", "serverbin/backend"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for link in ["filter", "daemon", "cgi-bin", "monitor", "notifier", "driver"] {
            try? fm.createSymbolicLink(atPath: root.appendingPathComponent("serverbin/\(link)").path,
                                       withDestinationPath: "/usr/lib/cups/\(link)")
        }
        let backend = root.appendingPathComponent("serverbin/backend/capture")
        try """
            #!/bin/sh
            [ $# -eq 0 ] && { echo 'direct capture "Unknown" "Capture"'; exit 0; }
            out="${DEVICE_URI#capture:}-$1"
            if [ -n "$6" ]; then cat "$6"; else cat; fi > "$out.part" && mv "$out.part" "$out"
            """.write(to: backend, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: backend.path)
        // A backend that always fails, as a printer with a broken cable does (CUPS_BACKEND_FAILED).
        let failing = root.appendingPathComponent("serverbin/backend/failing")
        try """
            #!/bin/sh
            [ $# -eq 0 ] && { echo 'direct failing "Unknown" "Failing"'; exit 0; }
            cat > /dev/null; echo "ERROR: printer unreachable" >&2; exit 1
            """.write(to: failing, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
        for folder in ["out", "spool"] {
            try fm.setAttributes([.ownerAccountName: "lp", .groupOwnerAccountName: "lp"],
                                 ofItemAtPath: root.appendingPathComponent(folder).path)
        }
        try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: outputFolder.path)
        let path = root.path
        try """
            ServerRoot \(path)/etc
            RequestRoot \(path)/spool
            TempDir \(path)/spool/tmp
            CacheDir \(path)/cache
            StateDir \(path)/state
            ServerBin \(path)/serverbin
            DataDir /usr/share/cups
            ErrorLog \(path)/log/error_log
            AccessLog \(path)/log/access_log
            PageLog \(path)/log/page_log
            FileDevice Yes
            SystemGroup root
            """.write(to: root.appendingPathComponent("etc/cups-files.conf"), atomically: true, encoding: .utf8)
        try """
            LogLevel warn
            Listen \(path)/cups.sock
            Browsing No
            WebInterface No
            DefaultAuthType None
            IdleExitTimeout 0
            <Location />
              Allow all
            </Location>
            <Policy default>
              <Limit All>
                Allow all
              </Limit>
            </Policy>
            """.write(to: root.appendingPathComponent("etc/cupsd.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts cupsd in the foreground and waits until `lpstat -r` reports it running.
    func start() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/cupsd")
        process.arguments = ["-f", "-c", root.appendingPathComponent("etc/cupsd.conf").path,
                             "-s", root.appendingPathComponent("etc/cups-files.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // Poll the readiness condition (lpstat -r exits 0 even when the scheduler is down), bounded.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        while clock.now < deadline {
            if try await run("/usr/bin/lpstat", ["-r"]).output.contains("scheduler is running") { return }
            try await clock.sleep(for: .milliseconds(20))
        }
        throw FixtureError("cupsd did not start; see \(root.path)/log/error_log")
    }

    /// Stops cupsd and waits for it to exit.
    func stop() {
        guard let process, process.isRunning else { return }
        // SIGKILL: a child started from a Dispatch thread inherits its blocked signals, so cupsd ignores SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Adds a raw queue (no driver: bytes pass unchanged) that captures jobs into ``outputFolder``.
    func addRawQueue(_ name: String) async throws {
        let result = try await run("/usr/sbin/lpadmin",
                                   ["-p", name, "-E", "-v", "capture:" + outputFolder.appendingPathComponent(name).path])
        guard result.status == 0 else { throw FixtureError("lpadmin failed: \(result.output)") }
    }

    /// Adds a raw queue whose backend always fails; with the abort-job error policy its jobs end aborted
    /// (the default policy keeps retrying until the client's timeout).
    func addFailingQueue(_ name: String) async throws {
        let result = try await run("/usr/sbin/lpadmin", ["-p", name, "-E", "-v", "failing:/dev/null",
                                                         "-o", "printer-error-policy=abort-job"])
        guard result.status == 0 else { throw FixtureError("lpadmin failed: \(result.output)") }
    }

    /// The bytes a job delivered to a queue.
    func captured(queue: String, job: Int) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: outputFolder.appendingPathComponent("\(queue)-\(job)")))
    }

    func remove() {
        stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs a CUPS client command against this scheduler.
    func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CUPS_SERVER"] = socket
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                try? pipe.fileHandleForWriting.close()
                continuation.resume(throwing: error)
            }
        }
        return (status, String(decoding: await reader.value, as: UTF8.self))
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
