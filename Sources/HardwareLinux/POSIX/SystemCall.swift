import Glibc

/// The funnel every POSIX call goes through: it retries `EINTR` and turns `-1` into a ``SystemCallError``.
///
/// - Returns: The call's non-negative result.
@discardableResult
func systemCall(_ name: String, _ body: () -> Int32) throws(SystemCallError) -> Int32 {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(call: name, code: code)
    }
}

/// ``systemCall(_:_:)`` for the calls that return a byte count (`read`, `send`).
@discardableResult
func systemCall(_ name: String, _ body: () -> Int) throws(SystemCallError) -> Int {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(call: name, code: code)
    }
}

/// Milliseconds for `poll(2)`, rounded up and clamped to `Int32` (a zero or negative duration polls once).
func pollMilliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
}

/// A pipe whose ends are close-on-exec and non-blocking (Glibc's module map does not export `pipe2`).
func makeWakePipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    try systemCall("pipe") { pipe(&fds) }
    do throws(SystemCallError) {
        for fd in fds { try setDescriptorFlags(fd, nonBlocking: true) }
    } catch {
        _ = close(fds[0])
        _ = close(fds[1])
        throw error
    }
    return (fds[0], fds[1])
}

/// Sets `FD_CLOEXEC` and, when asked, `O_NONBLOCK` on a descriptor.
func setDescriptorFlags(_ fd: Int32, nonBlocking: Bool) throws(SystemCallError) {
    let descriptorFlags = try systemCall("fcntl(F_GETFD)") { fcntl(fd, F_GETFD) }
    try systemCall("fcntl(F_SETFD)") { fcntl(fd, F_SETFD, descriptorFlags | FD_CLOEXEC) }
    if nonBlocking {
        let statusFlags = try systemCall("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        try systemCall("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, statusFlags | O_NONBLOCK) }
    }
}
