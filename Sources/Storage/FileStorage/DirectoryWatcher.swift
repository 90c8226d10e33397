import Foundation
import Glibc

/// The names of files written in one directory, by this process or another, from Linux's inotify (no polling): the
/// data directory's database WAL when `pos cashier add` commits while the counter runs, `app-settings.json` when
/// `pos settings set` rewrites it.
///
/// ```swift
/// for await name in try DirectoryWatcher.changes(in: dataDirectory) where name == "pos.sqlite-wal" { … }
/// ```
///
/// The stream keeps only the newest name of a burst it has not handed out yet per name (a sale's commits are many
/// writes to the WAL; the reader needs to know only that it moved). It ends when the reader stops iterating.
public enum DirectoryWatcher {
    /// Changes in `directory` (written and closed, modified, created or moved in), as file names.
    ///
    /// - Throws: ``StorageError`` with ``StorageError/Code/fileSystem`` when inotify cannot watch the directory.
    public static func changes(in directory: URL) throws -> AsyncStream<String> {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw failure("inotify_init1", directory) }
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
        guard inotify_add_watch(fd, directory.path, mask) >= 0 else {
            let error = failure("inotify_add_watch", directory)
            close(fd)
            throw error
        }
        // The reading thread waits in poll() on inotify and on a pipe written when the stream ends.
        var stop: [Int32] = [0, 0]
        guard pipe(&stop) == 0 else {
            let error = failure("pipe", directory)
            close(fd)
            throw error
        }
        for end in stop { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let stopRead = stop[0], stopWrite = stop[1]
        continuation.onTermination = { _ in
            var byte: UInt8 = 1
            _ = write(stopWrite, &byte, 1)
        }
        let thread = Thread {
            defer {
                close(fd)
                close(stopRead)
                close(stopWrite)
                continuation.finish()
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
            while true {
                let ready = poll(&fds, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if fds[1].revents != 0 { return }
                guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                for name in names(in: buffer, count: count) { continuation.yield(name) }
            }
        }
        thread.name = "pos.directory-watcher"
        thread.start()
        return stream
    }

    /// The names in a buffer of `inotify_event`s (16 bytes each, then `len` bytes of NUL-padded name).
    static func names(in buffer: [UInt8], count: Int) -> [String] {
        var names: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let start = offset + header
            let end = min(count, start + length)
            if length > 0, start < end {
                let bytes = buffer[start..<end].prefix { $0 != 0 }
                if let name = String(bytes: bytes, encoding: .utf8), !name.isEmpty, names.last != name { names.append(name) }
            }
            offset = start + length
        }
        return names
    }

    private static func failure(_ call: String, _ directory: URL) -> StorageError {
        StorageError(code: .fileSystem, errno: errno, detail: call, path: directory.path)
    }
}
