import Localization
import Networking
import POSFoundation
import Storage

/// Why a cashier operation or an approval was refused.
public enum CashierError: Error, Sendable, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// Cashiers are set up and the operation needs a manager's PIN.
    case approvalRequired(ApprovalKind)
    /// Cashiers are set up and nobody is signed in on this register.
    case signInRequired
    /// No cashier with that name.
    case unknownCashier(String)
    /// The approving cashier is not a manager.
    case notManager(String)
    /// A wrong PIN; `attemptsLeft` before the lock.
    case wrongPin(name: String, attemptsLeft: Int)
    /// Locked after too many wrong PINs, until a manager unlocks them or the lock runs out.
    case locked(name: String, minutes: Int)
    /// A PIN that is not 4 to 8 digits.
    case invalidPin
    /// A name that is empty or too long.
    case invalidName(String)
    /// The first cashier must be a manager (someone must be able to approve).
    case firstMustBeManager
    /// A name taken, or the last manager.
    case refused(String)
    case storage(StorageError)
    /// The store's users could not be loaded (offline, or the logged-in user may not list users).
    case network(NetworkError)
    /// The demo store has no WordPress users to take cashiers from.
    case demoStore
}

extension CashierError: UserFacingError {
    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .approvalRequired(let kind): L10n.tr("error.cashier.approvalRequired", ["what": kind.phrase])
        case .signInRequired: L10n.tr("error.cashier.signInRequired")
        case .unknownCashier(let name): L10n.tr("error.cashier.unknownCashier", ["name": name])
        case .notManager(let name): L10n.tr("error.cashier.notManager", ["name": name])
        case .wrongPin(let name, let left): L10n.plural("error.cashier.wrongPin", count: left, ["name": name])
        case .locked(let name, _): L10n.tr("error.cashier.locked", ["name": name])
        case .invalidPin: L10n.tr("error.cashier.invalidPin")
        case .invalidName(let name): L10n.tr("error.cashier.invalidName", ["name": name])
        case .firstMustBeManager: L10n.tr("error.cashier.firstMustBeManager")
        case .refused(let reason): L10n.tr("error.cashier.refused", ["reason": reason])
        case .storage(let error): L10n.tr("error.cashier.storage", ["clause": error.clause])
        case .network(let error): L10n.tr("error.cashier.network", ["reason": error.message])
        case .demoStore: L10n.tr("error.cashier.demoStore")
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .approvalRequired: L10n.tr("error.cashier.approvalRequired.hint")
        case .signInRequired: L10n.tr("error.cashier.signInRequired.hint")
        case .unknownCashier: L10n.tr("error.cashier.unknownCashier.hint")
        case .notManager: L10n.tr("error.cashier.notManager.hint")
        case .wrongPin: L10n.tr("error.cashier.wrongPin.hint")
        case .locked(_, let minutes): L10n.plural("error.cashier.locked.hint", count: minutes)
        case .invalidPin: L10n.tr("error.cashier.invalidPin.hint")
        case .invalidName: L10n.tr("error.cashier.invalidName.hint")
        case .firstMustBeManager: L10n.tr("error.cashier.firstMustBeManager.hint")
        case .refused: ""
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.cashier.storage.hint"))
        case .network(.forbidden(_)): L10n.tr("error.cashier.network.forbidden.hint")
        case .network(let error): error.recoverySuggestion
        case .demoStore: L10n.tr("error.cashier.demoStore.hint")
        }
    }
}
