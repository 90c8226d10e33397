import Foundation
import POSFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small settings files (credentials, printer and reader choices), written so a crash never leaves half a file.
///
/// A write goes through `DurableFile.replace` (POSFoundation): a temporary file in the same directory, flushed to
/// disk (`fsync`), renamed over the target, and the directory flushed too: after a power cut the file holds either
/// the old or the new content, never a mix. Files are created with `permissions` (0600 by default: credentials files must not be
/// readable by other users). Errors are ``StorageError`` with the `errno` kept.
///
/// ```swift
/// let files = FileStorage()
/// try files.write(credentials, to: dataDir.appendingPathComponent("credentials.json"), permissions: 0o600)
/// let saved = try files.read(Credentials.self, from: dataDir.appendingPathComponent("credentials.json"))
/// ```
public struct FileStorage: Sendable {
    /// Owner read/write only.
    public static let ownerOnly: mode_t = 0o600

    public init() {}

    // MARK: - Bytes

    /// Replaces the file at `url` with `data` atomically and durably.
    ///
    /// - Parameters:
    ///   - data: The new content.
    ///   - url: A file URL; its directory must exist.
    ///   - permissions: The new file's mode (not reduced further by the umask).
    /// - Throws: ``StorageError`` (``StorageError/Code/diskFull``, ``StorageError/Code/readOnly``…).
    public func write(_ data: Data, to url: URL, permissions: mode_t = FileStorage.ownerOnly) throws {
        do { try DurableFile.replace(url.path, with: data, permissions: permissions) } catch {
            throw StorageError.fileSystem(error.operation, path: error.path, errno: error.errno)
        }
    }

    /// The file's content, or `nil` when there is no file at `url`.
    ///
    /// - Throws: ``StorageError`` for any failure other than a missing file.
    public func read(from url: URL) throws -> Data? {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw StorageError.fileSystem("open", path: path, errno: errno)
        }
        defer { close(descriptor) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StorageError.fileSystem("read", path: path, errno: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// Deletes the file at `url` durably; a missing file is not an error.
    public func delete(at url: URL) throws {
        do { try DurableFile.remove(url.path) } catch {
            throw StorageError.fileSystem(error.operation, path: error.path, errno: error.errno)
        }
    }

    // MARK: - Codable

    /// Writes `value` as pretty, key-sorted JSON, atomically and durably.
    ///
    /// - Throws: ``StorageError`` with ``StorageError/Code/invalidData`` if it cannot be encoded.
    public func write(_ value: some Encodable, to url: URL, permissions: mode_t = FileStorage.ownerOnly) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw StorageError(code: .invalidData, detail: "encode \(url.lastPathComponent): \(error)")
        }
        try write(data, to: url, permissions: permissions)
    }

    /// Reads JSON written by ``write(_:to:permissions:)-(Encodable,_,_)``; `nil` when there is no file.
    ///
    /// - Throws: ``StorageError`` with ``StorageError/Code/invalidData`` if the content does not decode.
    public func read<Value: Decodable>(_ type: Value.Type, from url: URL) throws -> Value? {
        guard let data = try read(from: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw StorageError(code: .invalidData, detail: "decode \(url.lastPathComponent): \(error)")
        }
    }

}

// Free functions, so the POSIX calls are not shadowed by the methods of the same names.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

