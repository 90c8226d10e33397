/// Routes each action to the one processor registered for its type.
///
/// The dispatcher, the stores and the ``StoresManager`` live on the main actor; stores move slow work
/// (network, SQLite writes, devices) off it. Exactly one processor may register for an action type, and an
/// action nobody handles is a programming error that fails loudly: by default it stops the process, and tests
/// inject a handler that records it.
///
/// ```swift
/// let dispatcher = Dispatcher()
/// let store = AccountStore(dispatcher: dispatcher, environment: environment)   // registers AccountAction
/// dispatcher.dispatch(AccountAction.loadAccount { result in … })
/// ```
@MainActor
public final class Dispatcher {
    /// What happens to an action no processor registered for.
    public typealias UnhandledActionHandler = @MainActor (any Action) -> Void

    private struct WeakProcessor {
        weak var processor: (any ActionsProcessor)?
    }

    private var processors: [ObjectIdentifier: WeakProcessor] = [:]
    private let onUnhandledAction: UnhandledActionHandler

    /// Creates a dispatcher.
    ///
    /// - Parameter onUnhandledAction: Called for an action of a type nobody registered for. The default stops
    ///   the process with the action's type in the message.
    public init(onUnhandledAction: @escaping UnhandledActionHandler = Dispatcher.failLoudly) {
        self.onUnhandledAction = onUnhandledAction
    }

    /// The default for an unhandled action: a precondition failure naming the action type.
    public static func failLoudly(_ action: any Action) {
        preconditionFailure("No store handles \(type(of: action)); register one in the session state")
    }

    /// Registers the processor of an action type. The dispatcher keeps a weak reference.
    ///
    /// - Precondition: no other live processor is registered for `actionType`.
    public func register(processor: any ActionsProcessor, for actionType: any Action.Type) {
        let key = ObjectIdentifier(actionType)
        if let existing = processors[key]?.processor, existing !== processor {
            preconditionFailure("\(actionType) already has a processor: \(type(of: existing))")
        }
        processors[key] = WeakProcessor(processor: processor)
    }

    /// Removes a processor from every action type it registered for.
    public func unregister(processor: any ActionsProcessor) {
        processors = processors.filter { $0.value.processor !== processor && $0.value.processor != nil }
    }

    /// Whether a live processor handles this action type.
    public func isRegistered(_ actionType: any Action.Type) -> Bool {
        processors[ObjectIdentifier(actionType)]?.processor != nil
    }

    /// Sends an action to its processor.
    public func dispatch(_ action: any Action) {
        guard let processor = processors[ObjectIdentifier(type(of: action))]?.processor else {
            onUnhandledAction(action)
            return
        }
        processor.onAction(action)
    }
}
