import POSFoundation
import Foundation
import Synchronization

/// The single-sender guarantee: an exclusive `flock` on a file in the data directory, held for a whole drain.
///
/// `flock` was chosen over a lock row in the database because the kernel drops it when the process dies
/// (`kill -9` included), so a crash never leaves a stale lock to expire; a row would need a lease and a clock.
/// Locks taken through two different open files conflict even inside one process, so two engines in one test
/// behave like two processes.
public final class SenderLock: Sendable {
    /// The lock file's name inside the data directory.
    public static let fileName = "sync.lock"

    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// Takes the lock without waiting.
    ///
    /// - Throws: ``SyncError/anotherSenderRunning(lockFile:)`` when another sender holds it,
    ///   ``SyncError/lockUnavailable(path:reason:)`` when the file cannot be opened.
    public static func acquire(in directory: URL) throws(SyncError) -> SenderLock {
        let path = directory.appendingPathComponent(fileName).path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .lockUnavailable(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { throw .anotherSenderRunning(lockFile: path) }
            throw .lockUnavailable(path: path, reason: String(cString: strerror(code)))
        }
        return SenderLock(descriptor: fd)
    }

    /// Releases the lock; calling it again does nothing.
    public func release() {
        descriptor.locked { fd in
            guard fd >= 0 else { return }
            flock(fd, LOCK_UN)
            close(fd)
            fd = -1
        }
    }

    deinit { release() }
}
