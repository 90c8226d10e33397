/// The base of every domain store: it registers the action types it handles and then receives them.
///
/// Subclasses override ``registerSupportedActions(in:)`` (call `dispatcher.register(processor: self, for:
/// XAction.self)`) and ``onAction(_:)`` (an exhaustive `switch` forwarding to private methods). Slow work runs in
/// a `Task` calling async Remotes, Storage and Hardware, and completes back on the main actor.
@MainActor
open class Store: ActionsProcessor {
    /// The dispatcher this store registered with.
    public let dispatcher: Dispatcher
    /// Everything the store may use from the outside world.
    public let environment: AppEnvironment

    public init(dispatcher: Dispatcher, environment: AppEnvironment) {
        self.dispatcher = dispatcher
        self.environment = environment
        registerSupportedActions(in: dispatcher)
    }

    /// Registers the action types this store handles. Subclasses must override it.
    open func registerSupportedActions(in dispatcher: Dispatcher) {
        preconditionFailure("\(type(of: self)) must override registerSupportedActions(in:)")
    }

    /// Handles one action. Subclasses must override it.
    open func onAction(_ action: any Action) {
        preconditionFailure("\(type(of: self)) must override onAction(_:)")
    }
}
