/// Something that handles the actions of one type: in practice a ``Store``.
///
/// `onAction(_:)` is an exhaustive `switch` over the domain's cases; each case answers through its ``Reply`` or
/// throws the domain's error. It runs on the main actor in the caller's task, so cancelling the caller cancels
/// the work; slow work (network, SQLite writes, devices) goes to `nonisolated` async functions.
@MainActor
public protocol ActionsProcessor<HandledAction>: AnyObject {
    /// The action type this processor registers for.
    associatedtype HandledAction: Action

    /// Handles one action, answering through its reply or throwing the domain's error.
    func onAction(_ action: HandledAction) async throws(HandledAction.Failure) -> Replied
}
