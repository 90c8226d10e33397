import Localization
import POSFoundation

/// An action that no store handles in the session's current state: logged out there is no order store, and the
/// demo store has no shop report. The ``Dispatcher`` throws it as the action's own ``Action/Failure`` (see
/// ``ActionFailure``), so a front says what is not available here instead of the process stopping.
public struct UnhandledAction: UserFacingError, Hashable {
    /// The action type's name, e.g. `ShopReportAction`.
    public let action: String

    public init(action: String) {
        self.action = action
    }

    /// The action type's ``UnhandledAction``.
    public init<A: Action>(_ actionType: A.Type) {
        self.init(action: String(describing: actionType))
    }

    public var message: String {
        L10n.tr("error.action.unhandled", ["action": action])
    }

    public var recoverySuggestion: String {
        L10n.tr("error.action.unhandled.recovery")
    }
}

/// The error type of an ``Action``: the domain's failures, and "no store handles this action here".
///
/// An enum gets the requirement from a case of the same shape:
///
/// ```swift
/// public enum ShopReportError: ActionFailure {
///     case invalidDate(String)
///     case unhandled(UnhandledAction)   // satisfies `static func unhandled(_:)`
/// }
/// ```
public protocol ActionFailure: Error {
    /// The domain's error for an action of its domain that no store handles in the session's current state.
    static func unhandled(_ unhandled: UnhandledAction) -> Self
}
