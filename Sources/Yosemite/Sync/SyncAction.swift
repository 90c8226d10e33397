/// What the sync engine can be asked to do: drain the outbox, show it, and resolve parked entries.
public enum SyncAction: Action {
    /// Sends everything due now and waits up to `maxWait` for entries that back off; returns what happened.
    case syncNow(maxWait: Duration = .seconds(60), onCompletion: @Sendable (Result<SyncSummary, SyncError>) -> Void)
    /// Lists the entries still to send and the parked ones, with their reasons, in queue order.
    case loadQueue(onCompletion: @Sendable (Result<[OutboxItem], SyncError>) -> Void)
    /// Makes a parked entry pending again (a person fixed the cause).
    case retryParked(entryID: Int64, onCompletion: @Sendable (Result<OutboxItem, SyncError>) -> Void)
    /// Gives up a parked entry. Refused unless `confirmed` is true; the entry is kept, marked done, and logged.
    case discardParked(entryID: Int64, confirmed: Bool, onCompletion: @Sendable (Result<OutboxItem, SyncError>) -> Void)
}
