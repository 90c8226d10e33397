/// The base of every domain store: it registers the action type it handles and then answers it.
///
/// A subclass conforms to ``ActionsProcessor``, registers in ``registerSupportedActions(in:)``, and answers in
/// `onAction(_:)` with an exhaustive `switch` that forwards to methods; slow work runs in `nonisolated` async
/// functions, never a `Task` with a callback:
///
/// ```swift
/// final class OrderStore: Store, ActionsProcessor {
///     override func registerSupportedActions(in dispatcher: Dispatcher) { dispatcher.register(processor: self) }
///
///     func onAction(_ action: OrderAction) async throws(OrderError) -> Replied {
///         switch action {
///         case let .loadSale(reference, reply): return reply(try await sales.load(reference))
///         …
///         }
///     }
/// }
/// ```
@MainActor
open class Store {
    /// The dispatcher this store registered with.
    let dispatcher: Dispatcher
    /// Everything the store may use from the outside world (internal to Yosemite).
    let environment: AppEnvironment

    public init(dispatcher: Dispatcher, environment: AppEnvironment) {
        self.dispatcher = dispatcher
        self.environment = environment
        registerSupportedActions(in: dispatcher)
    }

    /// Registers the action type this store handles. Subclasses must override it.
    open func registerSupportedActions(in dispatcher: Dispatcher) {
        preconditionFailure("\(type(of: self)) must override registerSupportedActions(in:)")
    }
}
