import Foundation

/// A private systemd-udevd for one test: started with `--daemon`, stopped by its pid, and /run/udev removed
/// again when this test created it.
struct UdevDaemon {
    static let path = ["/lib/systemd/systemd-udevd", "/usr/lib/systemd/systemd-udevd"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isInstalled: Bool { path != nil }

    let pid: Int32?
    let createdRunDirectory: Bool

    enum Failure: Error { case notInstalled, didNotStart(String) }

    /// Starts the daemon unless one is already running (then it is left alone).
    static func start() async throws -> UdevDaemon {
        guard let path else { throw Failure.notInstalled }
        if runningPID() != nil { return UdevDaemon(pid: nil, createdRunDirectory: false) }
        let createdRunDirectory = !FileManager.default.fileExists(atPath: "/run/udev")
        let status = await run(path, ["--daemon"])
        guard status == 0, let pid = runningPID() else {
            throw Failure.didNotStart("systemd-udevd --daemon exited with \(status)")
        }
        // `udevadm settle` returns once the daemon's control socket answers and its queue is empty.
        _ = await run("/bin/udevadm", ["settle", "--timeout=5"])
        return UdevDaemon(pid: pid, createdRunDirectory: createdRunDirectory)
    }

    /// Stops the daemon this test started: `udevadm control --exit` returns once it has exited.
    func stop() async {
        guard pid != nil else { return }
        _ = await Self.run("/bin/udevadm", ["control", "--exit", "--timeout=10"])
        if createdRunDirectory { try? FileManager.default.removeItem(atPath: "/run/udev") }
    }

    /// Runs a program to completion with posix_spawn and waitpid (Foundation's Process never reaped the
    /// parent of a self-daemonizing program here) and returns its exit status, or -1. `waitpid` runs on a thread of
    /// its own, so no concurrency pool thread (two on a 2-core machine) is held while `udevadm settle` waits.
    static func run(_ path: String, _ arguments: [String]) async -> Int32 {
        var pid: pid_t = 0
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return -1 }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { [pid] in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 {
                    if errno != EINTR { continuation.resume(returning: -1); return }
                }
                continuation.resume(returning: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1)
            }
        }
    }

    /// The pid of a running (not zombie) systemd-udevd, from /proc.
    static func runningPID() -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = Int32(entry),
                let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)
            else { continue }
            if comm.trimmingCharacters(in: .whitespacesAndNewlines) == "systemd-udevd", isAlive(pid) { return pid }
        }
        return nil
    }

    /// Whether `pid` exists and is not a zombie (a daemon whose parent never reaps it stays a zombie; the
    /// container's init may not reap).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}
