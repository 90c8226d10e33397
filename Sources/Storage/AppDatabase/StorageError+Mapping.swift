import Foundation
import GRDB

extension StorageError {
    /// Classifies a GRDB `DatabaseError` by its primary result code, keeping the extended code.
    ///
    /// Only SQLite's message goes into ``detail``: statement arguments (customer names, amounts) never do.
    public init(_ error: DatabaseError, migration: String? = nil) {
        let code: Code
        if migration != nil {
            code = .migrationFailed
        } else {
            code = Self.code(for: error.resultCode)
        }
        self.init(
            code: code,
            resultCode: error.extendedResultCode,
            migration: migration,
            detail: error.message ?? ""
        )
    }

    /// The category of a primary SQLite result code.
    static func code(for resultCode: ResultCode) -> Code {
        switch resultCode {
        case .SQLITE_FULL: .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: .readOnly
        case .SQLITE_CANTOPEN: .cannotOpen
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .corrupt
        case .SQLITE_BUSY, .SQLITE_LOCKED: .locked
        case .SQLITE_CONSTRAINT: .constraintViolation
        case .SQLITE_IOERR: .ioError
        default: .other
        }
    }

    /// Maps any error thrown while using the database: `DatabaseError` becomes a `StorageError`, anything else
    /// (the caller's own errors, cancellation) is returned unchanged.
    static func mapping(_ error: any Error) -> any Error {
        if let databaseError = error as? DatabaseError { return StorageError(databaseError) }
        return error
    }

    /// An error from a failed POSIX call, classified by `errno`.
    public static func fileSystem(_ operation: String, path: String, errno code: Int32) -> StorageError {
        let category: Code =
            switch code {
            case ENOSPC, EDQUOT: .diskFull
            case EACCES, EPERM, EROFS: .readOnly
            case EIO: .ioError
            default: .fileSystem
            }
        let reason = String(cString: strerror(code))
        return StorageError(code: category, errno: code, detail: "\(operation) \(path): \(reason)", path: path)
    }
}
