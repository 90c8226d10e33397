import Foundation

/// A private cupsd for tests: its own config, spool and socket under a temporary folder, never /etc/cups.
///
/// Queues print through a small `capture` backend that writes each job's bytes to `out/<queue>-<job id>`
/// (reference/linux-stack.md §5). Needs root (the backend must be root-owned, the spool lp-owned) and cupsd.
final class PrivateCUPS {
    let root: URL
    private var scheduler: TestProcess?

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

    /// Starts cupsd on a listening socket this fixture made (systemd socket activation, `cupsd -l`): clients
    /// that connect before the scheduler is up wait in the socket's backlog, so nothing polls for readiness.
    func start() async throws {
        let listener = try Self.listeningSocket(at: socket)
        defer { close(listener) }
        let conf = root.appendingPathComponent("etc/cupsd.conf").path
        let files = root.appendingPathComponent("etc/cups-files.conf").path
        // The listener arrives as sh's standard input (swift-subprocess closes every descriptor above 2 in the
        // child); sh moves it to fd 3, where sd_listen_fds looks, and gives cupsd /dev/null instead. sh learns its
        // own pid ($$) and exec keeps it, so LISTEN_PID names cupsd as sd_listen_fds requires.
        let script = "exec 3<&0 </dev/null; export LISTEN_FDS=1 LISTEN_PID=$$; "
            + "exec /usr/sbin/cupsd -l -c '\(conf)' -s '\(files)'"
        scheduler = try await TestProcess.start("/bin/sh", ["-c", script], environment: ProcessInfo.processInfo.environment,
                                                stdout: .null, stderr: .null, stdinDescriptor: listener,
                                                timeout: .seconds(600))
        // The first request waits in the backlog until cupsd accepts it: an answer means it is running.
        guard try await run("/usr/bin/lpstat", ["-r"]).output.contains("scheduler is running") else {
            throw FixtureError("cupsd did not start; see \(root.path)/log/error_log")
        }
    }

    /// A Unix socket bound at `path` and listening, for cupsd to inherit (as fd 3).
    private static func listeningSocket(at path: String) throws -> Int32 {
        unlink(path)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("socket(): \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw FixtureError("socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw FixtureError("could not listen on \(path): \(message)")
        }
        chmod(path, 0o777)
        return fd
    }

    /// Stops cupsd; swift-subprocess reaps it.
    func stop() {
        guard let scheduler else { return }
        scheduler.signal(SIGKILL)
        self.scheduler = nil
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
        var env = ProcessInfo.processInfo.environment
        env["CUPS_SERVER"] = socket
        let (status, stdout, stderr) = try await TestProcess.run(executable, arguments, environment: env, timeout: .seconds(120))
        return (status, stdout + stderr)
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
