/// The counter's status as a whole.
public enum StatusAction: Action {
    public typealias Failure = SettingError

    /// Which store, which mode, and how much is waiting to sync.
    case loadStatus(reply: Reply<CounterStatus>)
}
