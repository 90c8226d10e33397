import GRDB

extension StorageError: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(resultCode?.rawValue)
        hasher.combine(errno)
        hasher.combine(migration)
        hasher.combine(detail)
        hasher.combine(path)
    }
}

extension StorageError {
    /// Any error that escaped a storage call, as a `StorageError`: itself when it is one, classified by its SQLite
    /// result code when it is GRDB's `DatabaseError`, else ``Code/other`` with the error's description as detail.
    ///
    /// Domain errors carry this value (`.storage(StorageError)`) so the structure (disk full, read-only,
    /// corrupt, locked, constraint) reaches the edge that renders it for a person.
    public init(wrapping error: any Error) {
        switch error {
        case let error as StorageError:
            self = error
        case let error as DatabaseError:
            self.init(error)
        default:
            // A caller's own error thrown inside a storage closure, or a write refused by a Storage rule; its
            // description is the only structure it has.
            self.init(code: .other, detail: String(describing: error))
        }
    }
}
