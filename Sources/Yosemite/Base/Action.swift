/// A command for one domain of the app, routed by the ``Dispatcher`` to the one ``Store`` that handles it.
///
/// Each domain has one enum of actions and one error type. A case carries its parameters and, last, the
/// ``Reply`` through which the store answers; its `Value` is what the dispatch returns:
///
/// ```swift
/// public enum AccountAction: Action {
///     public typealias Failure = AccountError
///     case logout(force: Bool, reply: Reply<Void>)
///     case loadAccount(reply: Reply<Account?>)
/// }
///
/// let account = try await stores.dispatch { AccountAction.loadAccount(reply: $0) }   // throws(AccountError)
/// ```
public protocol Action: Sendable {
    /// What every case of the domain throws, including ``ActionFailure/unhandled(_:)`` when no store handles the
    /// action in the session's current state.
    associatedtype Failure: ActionFailure
}
