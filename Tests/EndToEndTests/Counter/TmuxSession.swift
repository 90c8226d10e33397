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

    /// Resizes the window (the counter gets SIGWINCH and repaints).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
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

    /// The process id of the pane's command.
    func panePID() throws -> Int32? {
        Int32(try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"], output: true)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func kill() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Runs a tmux client command and waits for it. Through `ChildProcess`: the tmux server a client forks runs on,
    /// so it must inherit nothing of this test process (Foundation's Process would wait on a descriptor it keeps).
    @discardableResult
    private func tmux(_ arguments: [String], output: Bool = false) throws -> String {
        let client = try ChildProcess("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
                                      environment: ProcessInfo.processInfo.environment,
                                      stdout: output ? .pipe : .null, stderr: .null)
        let data = client.stdout?.readDataToEndOfFile() ?? Data()
        _ = client.waitForExitBlocking()
        return String(decoding: data, as: UTF8.self)
    }
}
