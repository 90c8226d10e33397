/// The counter's status as a whole.
public enum StatusAction: Action {
    /// Which store, which mode, and how much is waiting to sync.
    case loadStatus(onCompletion: @Sendable (Result<CounterStatus, SettingError>) -> Void)
}
