/// Routes each action to the one processor registered for its type, and returns the processor's answer.
///
/// The dispatcher, the stores and the ``StoresManager`` live on the main actor; stores move slow work
/// (network, SQLite writes, devices) off it. Exactly one processor may register for an action type. An action
/// nobody handles (the session's state has no store for it: logged out, or the demo store) throws the domain's
/// ``ActionFailure/unhandled(_:)``, which says what is not available here; the process never stops for it.
///
/// A dispatch is typed and async: it returns the value of the case's ``Reply`` or throws the domain's
/// ``Action/Failure``. The store runs in the caller's task, so cancelling the caller cancels the store's work.
///
/// ```swift
/// let dispatcher = Dispatcher()
/// let store = OrderStore(dispatcher: dispatcher, environment: environment)   // registers OrderAction
/// let sale = try await dispatcher.dispatch { OrderAction.loadSale(reference: "12", reply: $0) }  // throws(OrderError)
/// ```
@MainActor
public final class Dispatcher {
    /// Told of an action no processor registered for (to log it), before the dispatch throws the domain's
    /// ``ActionFailure/unhandled(_:)``.
    public typealias UnhandledActionHandler = @MainActor (any Action) -> Void

    private struct WeakProcessor {
        weak var processor: AnyObject?
    }

    private var processors: [ObjectIdentifier: WeakProcessor] = [:]
    private let onUnhandledAction: UnhandledActionHandler

    /// Creates a dispatcher.
    ///
    /// - Parameter onUnhandledAction: Told of an action of a type nobody registered for, before the dispatch
    ///   throws; by default nothing.
    public init(onUnhandledAction: @escaping UnhandledActionHandler = { _ in }) {
        self.onUnhandledAction = onUnhandledAction
    }

    /// Registers `processor` for its action type. The dispatcher keeps a weak reference.
    ///
    /// - Precondition: no other live processor is registered for that action type.
    public func register<Processor: ActionsProcessor>(processor: Processor) {
        let key = ObjectIdentifier(Processor.HandledAction.self)
        if let existing = processors[key]?.processor, existing !== processor {
            preconditionFailure("\(Processor.HandledAction.self) already has a processor: \(type(of: existing))")
        }
        processors[key] = WeakProcessor(processor: processor)
    }

    /// Whether a live processor handles this action type.
    public func isRegistered<A: Action>(_ actionType: A.Type) -> Bool {
        processors[ObjectIdentifier(actionType)]?.processor != nil
    }

    /// Builds the action around a fresh ``Reply``, sends it to its processor and returns the answer. With no
    /// processor for the action's type it throws `A.Failure.unhandled(_:)`.
    ///
    /// ```swift
    /// let sale = try await dispatcher.dispatch { OrderAction.loadSale(reference: reference, reply: $0) }
    /// ```
    public func dispatch<A: Action, Value: Sendable>(
        _ makeAction: (Reply<Value>) -> A
    ) async throws(A.Failure) -> Value {
        let action = makeAction(Reply())
        guard let processor = processors[ObjectIdentifier(A.self)]?.processor as? any ActionsProcessor<A> else {
            onUnhandledAction(action)
            throw A.Failure.unhandled(UnhandledAction(A.self))
        }
        let replied = try await processor.onAction(action)
        guard let value = replied.value as? Value else {
            preconditionFailure("\(type(of: processor)) answered \(type(of: action)) with \(type(of: replied.value)), not \(Value.self)")
        }
        return value
    }
}
