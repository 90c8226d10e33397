import Foundation
import Localization

/// Cashiers, PINs, sign-in on this register and manager approvals.
///
/// With no cashier set up the counter works as before (the name in the settings, no PINs, no approvals). Once a
/// cashier exists — the first must be a manager — the policy is on: sales are the signed-in cashier's, and the
/// stores refuse refunds, voids after payment, discounts above the threshold and "no sale" drawer opens without
/// a manager's ``ManagerApproval``. Adding, removing, re-PINning and unlocking cashiers then needs one too.
public enum CashierAction: Action {
    public typealias Failure = CashierError

    /// The cashiers, managers first.
    case list(reply: Reply<[CashierSummary]>)
    /// Who is signed in on this register now (`nil`: nobody, or no cashiers set up).
    case current(reply: Reply<CashierSession?>)
    /// Whether adding a cashier of `role` with `approval` would be allowed, before the new cashier's PIN is asked:
    /// the first cashier must be a manager, later ones need a manager's approval (checked, not recorded). Throws
    /// what ``add(name:role:pin:approval:reply:)`` would.
    case checkAdd(name: String, role: CashierRole, approval: ManagerApproval?, reply: Reply<Void>)
    /// Adds a cashier with a PIN (4–8 digits). The first cashier must be a manager; after that a manager approves.
    case add(name: String, role: CashierRole, pin: String, approval: ManagerApproval?, reply: Reply<CashierSummary>)
    /// Removes a cashier (never the last manager while others remain); a manager approves.
    case remove(name: String, approval: ManagerApproval?, reply: Reply<Void>)
    /// Sets a new PIN, clearing the failed attempts and the lock; a manager approves.
    case setPin(name: String, pin: String, approval: ManagerApproval?, reply: Reply<Void>)
    /// Unlocks a cashier locked by wrong PINs; a manager approves.
    case unlock(name: String, approval: ManagerApproval?, reply: Reply<Void>)
    /// Signs a cashier in with their PIN; whoever was signed in is signed out at the same instant (a switch,
    /// recorded in the shift).
    case signIn(name: String, pin: String, reply: Reply<CashierSession>)
    /// Checks the signed-in cashier's PIN again (the counter's idle lock), without a new sign-in row.
    case unlockSession(pin: String, reply: Reply<CashierSession>)
    /// Signs the current cashier out.
    case signOut(reply: Reply<Void>)
    /// The approvals given in a shift (nil: the newest), oldest first.
    case approvals(shiftId: Int64?, reply: Reply<[ApprovalSummary]>)
    /// The store's WordPress users who may work the till (online): managers are the users who manage WooCommerce
    /// (administrators and shop managers), cashiers those granted ``StoreCashier/cashierCapability``; each with
    /// whether a cashier of that name exists here. Adding them (each with a PIN) is ``add(name:role:pin:approval:reply:)``.
    case storeUsers(reply: Reply<[StoreCashier]>)
    /// Whether the register is in training now: every sale opened while it is, is a training sale.
    case training(reply: Reply<Bool>)
    /// Switches the register into training (`on`) or out of it; answers whether the mode changed. Into training
    /// needs a manager's approval where cashiers are set up (a training sale takes no takings, so switching a till
    /// into training is a manager's call); out of it is anyone's. Sales keep the mode they were opened in.
    case setTraining(on: Bool, approval: ManagerApproval?, reply: Reply<Bool>)
}

/// A WordPress user of the store who may work the till, as ``CashierAction/storeUsers(reply:)`` finds them.
public struct StoreCashier: Hashable, Sendable, Codable {
    /// The capability a store grants its cashiers (WCPOS's; a role editor plugin grants it to a role or a user).
    public static let cashierCapability = "access_woocommerce_pos"
    /// The capability of the store's managers (administrators and WooCommerce's shop managers).
    public static let managerCapability = "manage_woocommerce"

    /// The WordPress user id.
    public var userId: Int64
    /// The display name, which becomes the cashier's name.
    public var name: String
    /// The WordPress user name.
    public var username: String
    /// Manager for users who manage WooCommerce, else cashier.
    public var role: CashierRole
    /// Whether a cashier of this name exists on this till.
    public var isCashierHere: Bool

    public init(userId: Int64, name: String, username: String, role: CashierRole, isCashierHere: Bool) {
        self.userId = userId
        self.name = name
        self.username = username
        self.role = role
        self.isCashierHere = isCashierHere
    }
}

/// A cashier's role.
public enum CashierRole: String, Hashable, Sendable, CaseIterable, Codable {
    case cashier, manager
}

/// A manager's name and PIN, given to a store for one operation. The store checks the PIN (counting a wrong one
/// against the manager's lock) and records the approval; the PIN is never logged or stored.
public struct ManagerApproval: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public var manager: String
    public var pin: String

    /// Creates an approval to be checked.
    public init(manager: String, pin: String) {
        self.manager = manager
        self.pin = pin
    }

    public var description: String { L10n.tr("cashier.approvalBy", ["manager": manager]) }
    public var debugDescription: String { description }
}

/// What a manager approves.
public enum ApprovalKind: String, Hashable, Sendable, CaseIterable, Codable {
    case refund, void, discount, noSale, cashiers, training

    /// "a refund", in the screen's language (the counter's approval prompt uses the same `gate.approval.*` texts).
    public var phrase: String { L10n.tr("gate.approval." + rawValue) }
}

/// A cashier as the fronts show them (no PIN material).
public struct CashierSummary: Hashable, Sendable, Codable {
    public var name: String
    public var role: CashierRole
    public var failedAttempts: Int
    public var locked: Bool

    /// A cashier as listed (for the fronts' tests and previews).
    public init(name: String, role: CashierRole, failedAttempts: Int, locked: Bool) {
        self.name = name
        self.role = role
        self.failedAttempts = failedAttempts
        self.locked = locked
    }
}

/// Who is signed in.
public struct CashierSession: Hashable, Sendable {
    public var name: String
    public var role: CashierRole
    public var signedInAt: Date
    /// The shift open when they signed in.
    public var shiftId: Int64?
}

/// A recorded approval.
public struct ApprovalSummary: Hashable, Sendable, Codable {
    public var kind: String
    public var manager: String
    public var cashier: String
    public var reference: String
    public var amount: Int64?
    public var approvedAt: Date
}
