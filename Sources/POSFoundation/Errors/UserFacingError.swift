/// An error a person at the counter or an operator can act on.
///
/// Every error that can reach a cashier or an operator says what happened (``message``) and what to do
/// next (``recoverySuggestion``). Descriptions never contain card data, passwords or tokens.
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    /// What happened, in one sentence a cashier understands.
    var message: String { get }
    /// What to do about it.
    var recoverySuggestion: String { get }
}

extension UserFacingError {
    public var description: String {
        recoverySuggestion.isEmpty ? message : "\(message) \(recoverySuggestion)"
    }
}
