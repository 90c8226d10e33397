import Localization
import POSFoundation
import Storage

/// Why a sync, or a change to the outbox, could not be done.
public enum SyncError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
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
        case .unhandled(let unhandled): unhandled.message
        case .anotherSenderRunning: L10n.tr("error.sync.anotherSenderRunning")
        case .lockUnavailable(let path, let reason): L10n.tr("error.sync.lockUnavailable", ["path": path, "reason": reason])
        case .storeRefused(let reason): L10n.tr("error.sync.storeRefused", ["reason": reason])
        case .storage(let error): L10n.tr("error.sync.storage", ["clause": error.clause])
        case .noSuchParkedEntry(let id): L10n.tr("error.sync.noSuchParkedEntry", ["entry": String(id)])
        case .discardNeedsConfirmation(let id): L10n.tr("error.sync.discardNeedsConfirmation", ["entry": String(id)])
        case .interrupted: L10n.tr("error.sync.interrupted")
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .anotherSenderRunning: L10n.tr("error.sync.anotherSenderRunning.hint")
        case .lockUnavailable: L10n.tr("error.sync.lockUnavailable.hint")
        case .storeRefused: L10n.tr("error.sync.storeRefused.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.sync.storage.hint"))
        case .noSuchParkedEntry: L10n.tr("error.sync.noSuchParkedEntry.hint")
        case .discardNeedsConfirmation: L10n.tr("error.sync.discardNeedsConfirmation.hint")
        case .interrupted: L10n.tr("error.sync.interrupted.hint")
        }
    }
}
