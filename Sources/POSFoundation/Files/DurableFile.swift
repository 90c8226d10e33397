import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way pos writes a file outside SQLite so that a power cut leaves either the old or the new content.
///
/// ``replace(_:with:permissions:)`` writes a temporary file in the same directory, flushes it (`fsync`), renames
/// it over the target and flushes the directory, so the rename itself is on disk when it returns.
/// ``append(_:to:permissions:)`` is for logs that only grow (the terminal simulator's ledger): the bytes are
/// flushed before it returns, and the directory too when the file was new. Every writer outside SQLite goes
/// through here: `FileStorage` (credentials, settings, DSFinV-K export), the TSE simulator's state, the terminal
/// simulator's ledger and state, the file printer. docs/security.md ("Durable writes") says which write is
/// durable at which point.
///
/// ```swift
/// try DurableFile.replace("/var/lib/pos/tse.json", with: Data(json.utf8), permissions: 0o600)
/// ```
public enum DurableFile {
    /// Replaces the file at `path` with `data`, atomically and durably.
    ///
    /// - Parameters:
    ///   - path: The target; its directory must exist.
    ///   - data: The new content.
    ///   - permissions: The new file's mode (not reduced by the umask).
    /// - Throws: ``DurableFileError`` naming the failed step and its `errno`; the target is then unchanged.
    public static func replace(_ path: String, with data: Data, permissions: mode_t = 0o600) throws(DurableFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return Int32(-1) }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw DurableFileError(operation: "create temporary file for", path: path, errno: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try check(fchmod(descriptor, permissions), "set permissions of", path)
            try writeAll(data, to: descriptor, path: path)
            try check(fsync(descriptor), "flush", path)
        }
        try check(rename(temporary, path), "replace", path)
        renamed = true
        try syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Appends `data` to the file at `path` (created with `permissions` if missing) and flushes it.
    ///
    /// - Throws: ``DurableFileError``; after a failure the file may end in part of `data`, which a reader of a
    ///   line log skips as an unfinished last line.
    public static func append(_ data: Data, to path: String, permissions: mode_t = 0o600) throws(DurableFileError) {
        let existed = access(path, F_OK) == 0
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw DurableFileError(operation: "open", path: path, errno: errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
        try check(fsync(descriptor), "flush", path)
        if !existed {
            let directory = (path as NSString).deletingLastPathComponent
            try syncDirectory(directory.isEmpty ? "." : directory)
        }
    }

    /// Deletes the file at `path` durably; a missing file is not an error.
    public static func remove(_ path: String) throws(DurableFileError) {
        if unlink(path) != 0 {
            if errno == ENOENT { return }
            throw DurableFileError(operation: "delete", path: path, errno: errno)
        }
        let directory = (path as NSString).deletingLastPathComponent
        try syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Flushes a directory, so the names created, renamed or deleted in it survive a power cut.
    public static func syncDirectory(_ directory: String) throws(DurableFileError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DurableFileError(operation: "open directory", path: directory, errno: errno) }
        defer { close(descriptor) }
        try check(fsync(descriptor), "flush directory", directory)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(DurableFileError) {
        let failure: Int32? = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw DurableFileError(operation: "write", path: path, errno: failure) }
    }

    private static func check(_ result: Int32, _ operation: String, _ path: String) throws(DurableFileError) {
        if result != 0 { throw DurableFileError(operation: operation, path: path, errno: errno) }
    }
}

/// A failed step of a ``DurableFile`` write: what was done to which path, and the `errno` it failed with.
public struct DurableFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step, such as "flush" or "replace".
    public let operation: String
    /// The file or directory it was done to.
    public let path: String
    /// The `errno` value (`ENOSPC`, `EACCES`…).
    public let errno: Int32

    public init(operation: String, path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// "flush /path: No space left on device" (for logs; screens word it through their own error types).
    public var description: String { "\(operation) \(path): \(String(cString: strerror(errno)))" }
}
