/// What the sync engine can be asked to do: drain the outbox, show it, and resolve parked entries.
public enum SyncAction: Action {
    public typealias Failure = SyncError

    /// Sends everything due now and waits up to `maxWait` for entries that back off; returns what happened.
    case syncNow(maxWait: Duration = .seconds(60), reply: Reply<SyncSummary>)
    /// Lists the entries still to send and the parked ones, with their reasons, in queue order.
    case loadQueue(reply: Reply<[OutboxItem]>)
    /// Makes a parked entry pending again (a person fixed the cause).
    case retryParked(entryID: Int64, reply: Reply<OutboxItem>)
    /// Gives up a parked entry. Refused unless `confirmed` is true; the entry is kept, marked done, and logged.
    case discardParked(entryID: Int64, confirmed: Bool, reply: Reply<OutboxItem>)
}
