import POSFoundation
import Storage

/// Why a sync, or a change to the outbox, could not be done.
public enum SyncError: UserFacingError, Hashable {
    /// Another process (or sender) is draining this data directory's outbox right now.
    case anotherSenderRunning(lockFile: String)
    /// The lock file for the single sender could not be opened.
    case lockUnavailable(path: String, reason: String)
    /// The store refused the saved credentials or the user's rights (401, 403…).
    case storeRefused(String)
    /// The local database failed.
    case storage(StorageError)
    /// No parked outbox entry has this id.
    case noSuchParkedEntry(Int64)
    /// Discarding a parked entry needs an explicit confirmation.
    case discardNeedsConfirmation(Int64)
    /// The sync was interrupted (the task was cancelled); in-flight entries are checked on the next sync.
    case interrupted

    public var message: String {
        switch self {
        case .anotherSenderRunning: "Another pos process is already syncing this counter's sales."
        case .lockUnavailable(let path, let reason): "The sync lock \(path) cannot be opened: \(reason)."
        case .storeRefused(let reason): "The store refused the sync: \(reason)"
        case .storage(let error): "The local database failed during sync: \(error.clause)"
        case .noSuchParkedEntry(let id): "There is no parked outbox entry \(id)."
        case .discardNeedsConfirmation(let id): "Outbox entry \(id) was not discarded: that needs confirmation."
        case .interrupted: "The sync was interrupted."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .anotherSenderRunning: "Wait for it to finish; sales stay queued and safe."
        case .lockUnavailable: "Check that the data directory is writable by this user."
        case .storeRefused: "Check the login with `pos status`, or log in again with `pos login`."
        case .storage(let error): error.suggestion(otherwise: "Check free disk space and the data directory's permissions, then sync again.")
        case .noSuchParkedEntry: "List the parked entries with `pos sync --json` and use one of their ids."
        case .discardNeedsConfirmation: "Discard only after resolving the sale on the store; pass the explicit flag."
        case .interrupted: "Sync again; nothing is sent twice."
        }
    }
}
