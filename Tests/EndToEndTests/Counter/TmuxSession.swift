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
        try tmux(["capture-pane", "-p", "-t", name])
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
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
