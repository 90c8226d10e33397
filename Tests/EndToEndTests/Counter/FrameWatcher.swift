import Foundation
import Testing

/// Reads the counter's frame log (a FIFO named by `POS_COUNTER_FRAME_LOG`) on a thread and hands its lines over
/// as they are written, so a test awaits "frame painted" events instead of polling the screen.
final class FrameWatcher {
    let path: String
    /// The directory the FIFO is in (the counter's data directory in most tests: its `logs/counter.log` is there).
    private let directory: URL
    /// One iterator for the whole test: an AsyncStream has a single consumer.
    private var lines: AsyncStream<String>.AsyncIterator
    /// The last frame line read, for the failure message when an awaited frame never comes.
    private(set) var lastFrame: String?

    /// Makes the FIFO and starts reading it (the read blocks until the counter opens it).
    init(directory: URL) throws {
        self.directory = directory
        path = directory.appendingPathComponent("frames.fifo").path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lines = stream.makeAsyncIterator()
        let path = path
        let thread = Thread {
            // Plain read(2): blocks until the counter writes, returns 0 when it closes the FIFO (exits).
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continuation.finish(); return }
            defer { close(fd) }
            var buffer = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                buffer.append(contentsOf: chunk[0..<count])
                while let newline = buffer.firstIndex(of: 0x0A) {
                    continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            continuation.finish()
        }
        thread.start()
    }

    /// Waits for the next frame line containing every one of `parts`; `nil` if the counter exited first.
    func frame(containing parts: String...) async -> String? {
        await frame(containing: parts, seen: { _ in })
    }

    /// Waits like ``frame(containing:)`` and hands every frame line read on the way, the awaited one included, to
    /// `seen` (for a test that must check each frame, not only the one it waits for). A line for which `stopsAt`
    /// is true ends the wait too (and is returned): a test that awaits what must happen can stop at what must not.
    func frame(containing parts: [String], stopsAt: (String) -> Bool = { _ in false },
               seen: (String) -> Void) async -> String? {
        while let line = await lines.next() {
            lastFrame = line
            seen(line)
            if parts.allSatisfy({ line.contains($0) }) || stopsAt(line) { return line }
        }
        if Task.isCancelled {
            // The test's time limit ran out while waiting: say what the counter showed last, and what it logged.
            let log = (try? String(contentsOf: directory.appendingPathComponent("logs/counter.log"), encoding: .utf8))
                .map { String($0.suffix(2_000)) } ?? "(no counter.log)"
            Issue.record("waited for a frame containing \(parts); the last frame was: \(lastFrame ?? "none"); counter.log ends: \(log)")
        }
        return nil
    }
}

extension FrameWatcher {
    /// The counter's command line for tmux on the data directory `data`: this watcher's frame log, no CUPS (so
    /// receipts and reports print to files), the demo store when nothing is configured.
    func counterCommand(data: TemporaryDirectory) -> String {
        "env POS_COUNTER_FRAME_LOG=\(path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + "\(PosProcess.executable.path) --data-dir \(data.path)"
    }
}
