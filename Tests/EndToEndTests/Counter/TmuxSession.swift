import Foundation

/// A detached tmux session of a fixed size on a private server, driven with send-keys and read with
/// capture-pane.
struct TmuxSession {
    let socket = "pos-e2e-\(UUID().uuidString.prefix(8))"
    let name = "pos"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Starts `command` in a new session of `columns`×`rows`.
    func start(_ command: String, columns: Int = 100, rows: Int = 30) throws {
        try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", name, command])
    }

    /// Sends keys by tmux name (F12, Enter, Escape, C-q).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally, in one write (as a scanner would type it when it ends in "\r").
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The pane's text.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name], output: true)
    }

    /// The pane's text once it contains `text`; tmux may not have read the last bytes the counter wrote when the
    /// frame event arrives, so a few captures (each a round trip to the tmux server) are allowed.
    func capture(containing text: String) throws -> String {
        var screen = ""
        for _ in 0..<20 {
            screen = try capture()
            if screen.contains(text) { return screen }
        }
        return screen
    }

    func kill() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Runs a tmux client command and waits for it. Commands that may start the server are spawned with
    /// posix_spawn and reaped with waitpid: Foundation's Process notices an exit when every copy of a descriptor
    /// it shares with the child is closed, and the tmux server the client forks keeps that copy for as long as
    /// it runs.
    @discardableResult
    private func tmux(_ arguments: [String], output: Bool = false) throws -> String {
        guard output else {
            try spawn(["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments)
            return ""
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let out = Pipe()
        process.standardOutput = output ? out : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private func spawn(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this test process (pipes of other tests' processes running in parallel) may leak into
        // the long-lived tmux server.
        for fd in Int32(3)..<Int32(1024) { posix_spawn_file_actions_addclose(&actions, fd) }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    }
}
