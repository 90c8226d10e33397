/// A command for one domain of the app, routed by the ``Dispatcher`` to the one ``Store`` that handles it.
///
/// Each domain has one enum of actions whose cases carry their parameters and a completion
/// `@Sendable (Result<Value, DomainError>) -> Void`:
///
/// ```swift
/// enum AccountAction: Action {
///     case logout(force: Bool, onCompletion: @Sendable (Result<Void, AccountError>) -> Void)
/// }
/// ```
public protocol Action: Sendable {}
