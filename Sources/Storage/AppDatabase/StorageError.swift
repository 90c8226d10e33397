import Foundation
import GRDB
import POSFoundation

/// The one error type of the Storage module: what went wrong with the local database or a settings file.
///
/// Every failure that reaches a caller of ``AppDatabase`` or ``FileStorage`` is a `StorageError`, except errors
/// thrown by the caller's own closure, which pass through unchanged. The ``code`` says what kind of failure it
/// is, so Yosemite can react (a full disk blocks selling, a constraint violation is a bug, a locked database
/// means a second `pos` runs on the same data directory). The SQLite result code is kept in ``resultCode``.
///
/// Descriptions never contain statement arguments, so no customer or card data leaks into logs.
///
/// ## Topics
/// - ``Code``
/// - ``init(_:)``
public struct StorageError: UserFacingError, Equatable {
    /// What kind of failure this is; an extensible set of named values.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The disk is full. The corresponding SQLite error is `SQLITE_FULL`.
        public static let diskFull = Code(rawValue: "diskFull")
        /// The database or file is read-only or not permitted (`SQLITE_READONLY`, `SQLITE_PERM`, `EACCES`).
        public static let readOnly = Code(rawValue: "readOnly")
        /// The database file could not be opened (`SQLITE_CANTOPEN`): missing folder or no access.
        public static let cannotOpen = Code(rawValue: "cannotOpen")
        /// The file is damaged or not a database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
        public static let corrupt = Code(rawValue: "corrupt")
        /// Another process or connection holds the database (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        public static let locked = Code(rawValue: "locked")
        /// A constraint refused the write (`SQLITE_CONSTRAINT`): duplicate, missing reference, failed check.
        public static let constraintViolation = Code(rawValue: "constraintViolation")
        /// A schema migration failed; the database is left at the last migration that succeeded.
        public static let migrationFailed = Code(rawValue: "migrationFailed")
        /// A disk read or write failed (`SQLITE_IOERR`).
        public static let ioError = Code(rawValue: "ioError")
        /// A settings file operation failed with an `errno` other than the ones above.
        public static let fileSystem = Code(rawValue: "fileSystem")
        /// Stored data could not be decoded or encoded (a settings file with unexpected content).
        public static let invalidData = Code(rawValue: "invalidData")
        /// Any other database failure.
        public static let other = Code(rawValue: "other")
    }

    /// What kind of failure this is.
    public let code: Code
    /// The extended SQLite result code, when SQLite reported the failure.
    public let resultCode: ResultCode?
    /// The `errno` value, when a file system call reported the failure.
    public let errno: Int32?
    /// The name of the migration that failed, for ``Code/migrationFailed``.
    public let migration: String?
    /// Technical detail for logs: SQLite's message (no statement arguments) or the failing file operation.
    public let detail: String
    /// The file or directory the failure concerns, when known: shown to the person, who has to act on it.
    public let path: String?

    /// Creates an error; prefer ``init(_:)`` for a `DatabaseError`.
    public init(
        code: Code, resultCode: ResultCode? = nil, errno: Int32? = nil, migration: String? = nil, detail: String = "",
        path: String? = nil
    ) {
        self.code = code
        self.resultCode = resultCode
        self.errno = errno
        self.migration = migration
        self.detail = detail
        self.path = path
    }

    /// The same error, about the file at `path` (kept when the error already names one).
    public func at(_ path: String) -> StorageError {
        StorageError(
            code: code, resultCode: resultCode, errno: errno, migration: migration, detail: detail,
            path: self.path ?? path)
    }

    // MARK: - UserFacingError

    public var message: String {
        guard let path else { return genericMessage }
        let reason = errno.map { " (\(String(cString: strerror($0)).lowercased()))" } ?? ""
        return switch code {
        case .diskFull: "The disk is full (\(path)), so the last change could not be saved."
        case .readOnly: "pos cannot write to \(path)\(reason)."
        case .cannotOpen: "pos cannot open \(path)\(reason)."
        case .corrupt: "The local database \(path) is damaged."
        case .locked: "The local database \(path) is in use by another program."
        case .migrationFailed:
            "The local database \(path) could not be upgraded\(migration.map { " (step \($0))" } ?? "")."
        case .ioError: "The disk reported an error on \(path)\(reason)."
        case .fileSystem: "pos cannot use \(path)\(reason)."
        case .invalidData: "pos cannot read \(path): its content is not what pos wrote."
        default: "\(genericMessage) (\(path))"
        }
    }

    private var genericMessage: String {
        switch code {
        case .diskFull: "The disk is full, so the last change could not be saved."
        case .readOnly: "The local database cannot be written to."
        case .cannotOpen: "The local database could not be opened."
        case .corrupt: "The local database is damaged."
        case .locked: "The local database is in use by another program."
        case .constraintViolation: "The change was refused because it conflicts with saved data."
        case .migrationFailed: "The local database could not be upgraded\(migration.map { " (step \($0))" } ?? "")."
        case .ioError: "The disk reported an error while saving."
        case .fileSystem: "A settings file could not be read or written."
        case .invalidData: "Saved data could not be read back."
        default: "The local database reported an error."
        }
    }

    public var recoverySuggestion: String {
        switch code {
        case .diskFull: "Free disk space and try again; nothing was lost."
        case .readOnly:
            "pos keeps its sales there and must write to it: remount the disk read-write, give the directory to the "
                + "user pos runs as (`chown -R`), or choose another directory with --data-dir."
        case .cannotOpen: "Check that the data directory exists and belongs to this user."
        case .corrupt:
            "Stop selling: pos refuses to use it and wrote nothing over it. Copy the data directory aside, then "
                + "restore the latest backup (docs/operations.md, \"Backing up the data directory\") or recover "
                + "what is readable with `sqlite3 \(path ?? "pos.sqlite") .recover | sqlite3 recovered.sqlite` "
                + "and put recovered.sqlite in its place; unsynced sales keep their ids, so syncing never doubles them."
        case .locked: "Close the other `pos` running on this data directory, then try again."
        case .constraintViolation: "Try again; if it happens again, report it with the log."
        case .migrationFailed: "Keep the data directory as it is and contact support; nothing was deleted."
        case .ioError: "Check the disk and try again."
        case .fileSystem, .invalidData: "Check the data directory's files and permissions."
        default: "Try again; if it happens again, report it with the log."
        }
    }

    public var description: String {
        var text = "\(message) \(recoverySuggestion) [\(code)"
        if let resultCode { text += ", SQLite \(resultCode.rawValue)" }
        if let errno { text += ", errno \(errno)" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text + "]"
    }
}
