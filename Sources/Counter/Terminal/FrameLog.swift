import Foundation

/// Tells a watcher that a frame was painted: one line per frame, `frame N screen=NAME SUMMARY`, appended to the
/// file or FIFO named by `POS_COUNTER_FRAME_LOG`. End-to-end tests await these lines instead of polling the
/// screen.
public final class FrameLog {
    /// The environment variable naming the file.
    public static let environmentKey = "POS_COUNTER_FRAME_LOG"
    private let handle: FileHandle

    /// Opens the log named by the environment, if any (a FIFO blocks until its reader opens it).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> FrameLog? {
        guard let path = environment[environmentKey], !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { return nil }
        return FrameLog(handle: FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// Records one painted frame.
    public func painted(frame: Int, screen: String, summary: String) {
        try? handle.write(contentsOf: Data("frame \(frame) screen=\(screen) \(summary)\n".utf8))
    }
}
