import CNcurses
import Foundation

/// Tells the counter when the terminal window changed size (`SIGWINCH`).
///
/// A plain signal handler writes one byte to a pipe (the only thing it may safely do); a thread reads the pipe and
/// calls the callback. (A `DispatchSource` signal source needs the signal set to `SIG_IGN`, and on Linux an ignored
/// signal is discarded before libdispatch sees it: the counter then noticed a resize only at the next key.)
enum WindowSizeSignal {
    /// The pipe's write end, read by the signal handler; -1 when not installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handler; `changed` runs on a background thread after each resize.
    static func install(_ changed: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        writeEnd = ends[1]
        let readEnd = ends[0]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(WindowSizeSignal.writeEnd, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, nil)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                changed()
            }
            close(readEnd)
        }
        thread.name = "pos-counter-winch"
        thread.start()
    }

    /// Restores the default action and ends the thread (closing the write end ends its read).
    static func uninstall() {
        signal(SIGWINCH, SIG_DFL)
        guard writeEnd >= 0 else { return }
        close(writeEnd)
        writeEnd = -1
    }
}
