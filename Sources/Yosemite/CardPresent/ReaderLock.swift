import POSFoundation
import Foundation
import Storage
import Synchronization

/// One card operation per reader at a time, across processes: an exclusive `flock` on a per-reader file in the
/// data directory, held from before the connection until the operation ends.
///
/// `flock` because the kernel drops it when its holder dies (`kill -9` included): a crash never leaves a reader
/// locked, and a lock that is held always means a live holder (see ``SenderLock``). The file holds who has it
/// (attempt id, process id, start time) so that a refused operation can say so; it is read, never trusted, since
/// only the `flock` decides. Locks taken through two open files conflict inside one process too, so two
/// operations of one counter are refused the same way as two processes.
public final class ReaderLock: Sendable {
    /// Who holds a reader: shown to the operation that is refused.
    public struct Holder: Codable, Hashable, Sendable {
        /// The id the running operation journals its row under (none for a connection or a resolution).
        public var attemptId: String?
        /// What runs: "payment", "refund", "reversal", "end of day", "resolution", "connection".
        public var operation: String
        /// The holder's process id.
        public var pid: Int32
        /// When the holder took the reader.
        public var since: Date

        public init(attemptId: String? = nil, operation: String, pid: Int32, since: Date) {
            self.attemptId = attemptId
            self.operation = operation
            self.pid = pid
            self.since = since
        }
    }

    /// The reader's lock file name in the data directory: `reader-` and the address with every character other
    /// than a letter, digit, `.` or `-` made `_`.
    public static func fileName(reader: String) -> String {
        let safe = reader.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "-"
                ? String(scalar) : "_"
        }.joined()
        return "reader-\(safe).lock"
    }

    private let descriptor: Mutex<Int32>
    /// Who holds the reader: this lock's holder.
    public let holder: Holder

    private init(descriptor: Int32, holder: Holder) {
        self.descriptor = Mutex(descriptor)
        self.holder = holder
    }

    /// Takes `reader` without waiting and writes `holder` into the file.
    ///
    /// - Throws: ``CardPaymentError/readerBusy(reader:holder:)`` when another operation holds it (with what its
    ///   file says, if readable), ``CardPaymentError/storage(_:)`` when the file cannot be opened.
    public static func acquire(reader: String, in directory: URL, holder: Holder) throws(CardPaymentError) -> ReaderLock {
        let path = directory.appendingPathComponent(fileName(reader: reader)).path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .storage(StorageError.fileSystem("open the reader lock", path: path, errno: errno)) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let current = code == EWOULDBLOCK ? read(fd) : nil
            close(fd)
            if code == EWOULDBLOCK { throw .readerBusy(reader: reader, holder: current) }
            throw .storage(StorageError.fileSystem("lock the reader lock", path: path, errno: code))
        }
        if let data = try? JSONEncoder().encode(holder) {
            _ = ftruncate(fd, 0)
            _ = data.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
        return ReaderLock(descriptor: fd, holder: holder)
    }

    /// The refusal an operation on `reader` would get now (`.readerBusy` naming the holder), or `nil` when the
    /// reader is free; takes nothing and writes nothing.
    public static func busy(reader: String, in directory: URL) -> CardPaymentError? {
        let fd = open(directory.appendingPathComponent(fileName(reader: reader)).path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }  // never taken
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            return errno == EWOULDBLOCK ? .readerBusy(reader: reader, holder: read(fd)) : nil
        }
        flock(fd, LOCK_UN)
        return nil
    }

    /// Releases the reader; calling it again does nothing.
    public func release() {
        descriptor.locked { fd in
            guard fd >= 0 else { return }
            flock(fd, LOCK_UN)
            close(fd)
            fd = -1
        }
    }

    deinit { release() }

    // MARK: - The file

    /// What the file says about its holder; `nil` while the holder is still writing it.
    private static func read(_ fd: Int32) -> Holder? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return try? JSONDecoder().decode(Holder.self, from: Data(bytes[0..<count]))
    }
}
