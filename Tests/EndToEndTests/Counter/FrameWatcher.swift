import Foundation

/// Reads the counter's frame log (a FIFO named by `POS_COUNTER_FRAME_LOG`) on a thread and hands its lines over
/// as they are written, so a test awaits "frame painted" events instead of polling the screen.
final class FrameWatcher: Sendable {
    let path: String
    private let lines: AsyncStream<String>

    /// Makes the FIFO and starts reading it (the read blocks until the counter opens it).
    init(directory: URL) throws {
        path = directory.appendingPathComponent("frames.fifo").path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lines = stream
        let path = path
        let thread = Thread {
            guard let handle = FileHandle(forReadingAtPath: path) else { continuation.finish(); return }
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
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
        for await line in lines where parts.allSatisfy({ line.contains($0) }) {
            return line
        }
        return nil
    }
}
