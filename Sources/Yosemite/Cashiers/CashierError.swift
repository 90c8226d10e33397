import POSFoundation
import Storage

/// Why a cashier operation or an approval was refused.
public enum CashierError: Error, Sendable, Equatable {
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
}

extension CashierError: UserFacingError {
    public var message: String {
        switch self {
        case .approvalRequired(let kind): "A manager's PIN is needed for \(kind.phrase)."
        case .signInRequired: "No cashier is signed in on this register."
        case .unknownCashier(let name): "There is no cashier named \(name)."
        case .notManager(let name): "\(name) is not a manager."
        case .wrongPin(let name, let left): "Wrong PIN for \(name); \(left) more wrong \(left == 1 ? "try locks" : "tries lock") it."
        case .locked(let name, _): "\(name) is locked after too many wrong PINs."
        case .invalidPin: "A PIN is 4 to 8 digits."
        case .invalidName(let name): "\"\(name)\" is not a cashier name."
        case .firstMustBeManager: "The first cashier must be a manager."
        case .refused(let reason): "Refused: \(reason)."
        case .storage(let error): "The cashiers could not be saved or read: \(error.clause)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .approvalRequired: "Ask a manager to enter their PIN (in the CLI: --manager NAME; the PIN is read from the terminal)."
        case .signInRequired: "Sign in first: pos cashier sign-in NAME, or F2 at the counter."
        case .unknownCashier: "pos cashier list shows them."
        case .notManager: "Only a manager can approve this."
        case .wrongPin: "Check the PIN and try again."
        case .locked(_, let minutes): "A manager can unlock it now (pos cashier unlock NAME --manager M), or it unlocks by itself after \(minutes) minutes."
        case .invalidPin: "Choose 4 to 8 digits."
        case .invalidName: "Use 1 to 40 characters."
        case .firstMustBeManager: "Add a manager first: pos cashier add NAME --role manager."
        case .refused: ""
        case .storage(let error): error.suggestion(otherwise: "Check the disk and the data directory's permissions.")
        }
    }
}
