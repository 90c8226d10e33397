import Foundation
import GRDB
import Localization
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
        // The system's own words for errno (strerror), verbatim.
        let reason = errno.map { " (\(String(cString: strerror($0)).lowercased()))" } ?? ""
        return switch code {
        case .diskFull: L10n.tr("error.storage.diskFull.path", ["path": path])
        case .readOnly: L10n.tr("error.storage.readOnly.path", ["path": path, "reason": reason])
        case .cannotOpen: L10n.tr("error.storage.cannotOpen.path", ["path": path, "reason": reason])
        case .corrupt: L10n.tr("error.storage.corrupt.path", ["path": path])
        case .locked: L10n.tr("error.storage.locked.path", ["path": path])
        case .migrationFailed: L10n.tr("error.storage.migrationFailed.path", ["path": path, "step": step])
        case .ioError: L10n.tr("error.storage.ioError.path", ["path": path, "reason": reason])
        case .fileSystem: L10n.tr("error.storage.fileSystem.path", ["path": path, "reason": reason])
        case .invalidData: L10n.tr("error.storage.invalidData.path", ["path": path])
        default: L10n.tr("error.storage.other.path", ["message": genericMessage, "path": path])
        }
    }

    /// " (step NAME)" after a failed migration's message, or nothing.
    private var step: String {
        migration.map { " " + L10n.tr("error.storage.migrationStep", ["migration": $0]) } ?? ""
    }

    private var genericMessage: String {
        switch code {
        case .diskFull: L10n.tr("error.storage.diskFull")
        case .readOnly: L10n.tr("error.storage.readOnly")
        case .cannotOpen: L10n.tr("error.storage.cannotOpen")
        case .corrupt: L10n.tr("error.storage.corrupt")
        case .locked: L10n.tr("error.storage.locked")
        case .constraintViolation: L10n.tr("error.storage.constraintViolation")
        case .migrationFailed: L10n.tr("error.storage.migrationFailed", ["step": step])
        case .ioError: L10n.tr("error.storage.ioError")
        case .fileSystem: L10n.tr("error.storage.fileSystem")
        case .invalidData: L10n.tr("error.storage.invalidData")
        default: L10n.tr("error.storage.other")
        }
    }

    public var recoverySuggestion: String {
        switch code {
        case .diskFull: L10n.tr("error.storage.diskFull.hint")
        case .readOnly: L10n.tr("error.storage.readOnly.hint")
        case .cannotOpen: L10n.tr("error.storage.cannotOpen.hint")
        case .corrupt: L10n.tr("error.storage.corrupt.hint", ["path": path ?? "pos.sqlite"])
        case .locked: L10n.tr("error.storage.locked.hint")
        case .constraintViolation: L10n.tr("error.storage.constraintViolation.hint")
        case .migrationFailed: L10n.tr("error.storage.migrationFailed.hint")
        case .ioError: L10n.tr("error.storage.ioError.hint")
        case .fileSystem, .invalidData: L10n.tr("error.storage.fileSystem.hint")
        default: L10n.tr("error.storage.other.hint")
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
