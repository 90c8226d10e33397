import Foundation

/// A detached tmux session of a fixed size on a private server, driven with send-keys and read with
/// capture-pane.
///
/// Every tmux client command is a child process (``TestProcess``, swift-subprocess): its output and exit are
/// awaited without holding one of the concurrency pool's threads (two on a 2-core machine) while tmux answers.
struct TmuxSession {
    let socket = "pos-e2e-\(UUID().uuidString.prefix(8))"
    let name = "pos"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Starts `command` in a new session of `columns`×`rows`, in English unless `command` sets LANG itself (
    /// the counter speaks what LC_ALL, LC_MESSAGES or LANG ask for, and the tests must not depend on who runs them).
    func start(_ command: String, columns: Int = 100, rows: Int = 30) async throws {
        try await tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", name,
                        "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-e", "LC_MESSAGES=", command])
    }

    /// Sends keys by tmux name (F12, Enter, Escape, C-q).
    func press(_ keys: String...) async throws {
        try await press(keys)
    }

    /// Sends keys by tmux name, all in one write.
    func press(_ keys: [String]) async throws {
        try await tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally, in one write (as a scanner would type it when it ends in "\r").
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Resizes the window (the counter gets SIGWINCH and repaints).
    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until a command in the pane signals `channel` (`tmux -L <socket> wait-for -S <channel>`, see
    /// ``signalCommand(_:)``): tmux's own event, no polling.
    func waitFor(_ channel: String) async throws {
        try await tmux(["wait-for", channel])
    }

    /// The shell command that signals `channel` to ``waitFor(_:)``.
    func signalCommand(_ channel: String) -> String {
        "tmux -L \(socket) -f /dev/null wait-for -S \(channel)"
    }

    /// The pane's text.
    func capture() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", name], output: true)
    }

    /// The pane's text once it contains `text`. Call it only after the frame log said the frame that shows `text`
    /// was painted: the counter has then written it to the pty, but tmux may not have read those bytes yet. Each
    /// capture is a round trip through the tmux server's event loop, which also reads the pty, so a few captures
    /// are enough; this is not a way to wait for the counter.
    func capture(containing text: String) async throws -> String {
        var screen = ""
        for _ in 0..<20 {
            screen = try await capture()
            if screen.contains(text) { return screen }
        }
        return screen
    }

    /// The process id of the pane's command.
    func panePID() async throws -> Int32? {
        Int32(try await tmux(["display-message", "-p", "-t", name, "#{pane_pid}"], output: true)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Stops the tmux server (and with it the counter in the pane). Usable from `defer`: it does not wait; the
    /// socket file is removed once the client has exited.
    func kill() {
        let path = "/tmp/tmux-\(getuid())/\(socket)"
        let socket = socket
        Task {
            _ = try? await TestProcess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "kill-server"],
                                           environment: ProcessInfo.processInfo.environment,
                                           stdout: .null, stderr: .null, timeout: .seconds(30))
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Runs a tmux client command and awaits it. Through ``TestProcess``: the tmux server a client forks runs on,
    /// so it must inherit nothing of this test process (Foundation's Process would wait on a descriptor it keeps).
    @discardableResult
    private func tmux(_ arguments: [String], output: Bool = false) async throws -> String {
        try await TestProcess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
                                  environment: ProcessInfo.processInfo.environment,
                                  stdout: output ? .pipe : .null, stderr: .null, timeout: .seconds(30)).stdout
    }
}
