import Glibc

/// An open file descriptor (socket, TTY, pipe) and the blocking-with-timeout I/O the transports share.
///
/// Owned by exactly one actor or thread: it closes the descriptor in `deinit` and is not `Sendable`.
final class FileDescriptor {
    /// The raw descriptor, or -1 once closed.
    private(set) var rawValue: Int32
    /// Whether writes use `send(…, MSG_NOSIGNAL)` (sockets) instead of `write` (TTYs).
    private let isSocket: Bool

    init(_ rawValue: Int32, isSocket: Bool) {
        self.rawValue = rawValue
        self.isSocket = isSocket
    }

    deinit { close() }

    var isOpen: Bool { rawValue >= 0 }

    /// Closes the descriptor; safe to call twice. `close(2)` is not retried on EINTR (Linux already freed it).
    func close() {
        guard rawValue >= 0 else { return }
        let result = Glibc.close(rawValue)
        rawValue = -1
        // EINTR or EIO after close: the descriptor is gone either way; nothing left to release.
        _ = result
    }

    /// Waits until `events` are ready or `timeout` passes.
    ///
    /// - Returns: The `revents` bits, or 0 on timeout.
    func poll(_ events: Int16, timeout: Duration) throws(SystemCallError) -> Int16 {
        var entry = pollfd(fd: rawValue, events: events, revents: 0)
        let ready = try systemCall("poll") { Glibc.poll(&entry, 1, pollMilliseconds(timeout)) }
        return ready == 0 ? 0 : entry.revents
    }

    /// Reads up to `maxLength` bytes that are ready now.
    ///
    /// - Returns: The bytes; empty means end of file. `nil` when nothing is ready (EAGAIN).
    func readAvailable(maxLength: Int) throws(SystemCallError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max(1, maxLength))
        let fd = rawValue
        let socket = isSocket
        do throws(SystemCallError) {
            let count = try systemCall(socket ? "recv" : "read") {
                buffer.withUnsafeMutableBytes { raw in
                    socket ? recv(fd, raw.baseAddress, raw.count, 0) : Glibc.read(fd, raw.baseAddress, raw.count)
                }
            }
            return Array(buffer.prefix(count))
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return nil
        }
    }

    /// Waits at most `wait` for input and reads what is ready.
    ///
    /// - Returns: `nil` when nothing arrived in time; an empty array at end of file.
    func readReady(maxLength: Int, wait: Duration) throws(SystemCallError) -> [UInt8]? {
        let revents = try poll(Int16(POLLIN), timeout: wait)
        if revents == 0 { return nil }
        return try readAvailable(maxLength: maxLength)
    }

    /// The longest a transport's read blocks its queue in one go. Between slices the read suspends, so a
    /// `write` (a ZVT abort while waiting for the terminal) or a `close` queued behind it runs within this time.
    static let readSlice: Duration = .milliseconds(50)

    /// Writes every byte, waiting for the descriptor to drain for at most `timeout` in total.
    ///
    /// - Returns: `false` when the timeout passed before everything was written.
    func writeAll(_ bytes: [UInt8], timeout: Duration) throws(SystemCallError) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        let fd = rawValue
        let socket = isSocket
        while offset < bytes.count {
            let written: Int
            do throws(SystemCallError) {
                written = try systemCall(socket ? "send" : "write") {
                    bytes.withUnsafeBytes { raw in
                        let start = raw.baseAddress! + offset
                        let remaining = raw.count - offset
                        return socket ? send(fd, start, remaining, Int32(MSG_NOSIGNAL)) : Glibc.write(fd, start, remaining)
                    }
                }
            } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return false }
                let revents = try poll(Int16(POLLOUT), timeout: left)
                if revents & Int16(POLLERR | POLLHUP) != 0 && revents & Int16(POLLOUT) == 0 {
                    throw SystemCallError(call: socket ? "send" : "write", code: socket ? EPIPE : EIO)
                }
                continue
            }
            offset += written
        }
        return true
    }
}

extension FileDescriptor {
    /// Gives up ownership without closing (the caller now owns ``rawValue``).
    func release() {
        rawValue = -1
    }
}

/// Owned by one actor or thread; never shared.
@available(*, unavailable)
extension FileDescriptor: Sendable {}
