import Foundation
import Localization
import Logging
import Networking
import POSFoundation
import Storage

/// The cashier policy's work, off the main actor: PIN checks with the lock, sign-in, and the approval gate the
/// other stores call before a refund, a void after payment, a discount above the threshold or a "no sale".
///
/// The policy is on as soon as one cashier exists (the first is a manager); with none, ``approve(_:_:reference:amount:detail:)``
/// lets everything through and ``cashierName()`` is the settings' name, as before cashiers existed.
struct CashierService: Sendable {
    let environment: AppEnvironment
    private var database: AppDatabase { environment.database }

    /// Wrong PINs before the lock.
    static let lockAfter = 5
    static let defaultLockMinutes = 15

    private var settings: AppSettings { environment.appSettings() }
    var lockMinutes: Int { max(settings.pinLockMinutes ?? Self.defaultLockMinutes, 1) }

    // MARK: Policy

    /// Whether cashiers are set up (PINs, sign-in and approvals apply).
    func policyOn() async throws(CashierError) -> Bool {
        try await storage { try await database.hasCashiers() }
    }

    /// The name a sale, a shift or a drawer open is recorded under: the signed-in cashier, else the settings'
    /// name (no cashiers set up).
    func cashierName() async -> String {
        if let current = try? await database.currentSignIn() { return current.cashierName }
        return settings.cashierName ?? ""
    }

    /// The gate: with cashiers set up, `approval` must name a manager whose PIN is right; the approval is then
    /// recorded (who, when, what, for which cashier, order or sale, in the open shift). Returns the recorded
    /// approval, or `nil` when no cashier is set up (nothing to approve).
    @discardableResult
    func approve(_ approval: ManagerApproval?, _ kind: ApprovalKind, reference: String, amount: Money? = nil,
                 detail: String = "") async throws(CashierError) -> ApprovalRecord? {
        guard let row = try await check(approval, kind, reference: reference, amount: amount, detail: detail) else { return nil }
        return try await record(row)
    }

    /// Checks a manager's approval as ``approve(_:_:reference:amount:detail:)`` does, without recording it yet: the
    /// approval of what a new sale's first step asks is recorded once the sale exists, under its id
    /// (``record(_:)``). `nil` when no cashiers are set up.
    func check(_ approval: ManagerApproval?, _ kind: ApprovalKind, reference: String, amount: Money? = nil,
               detail: String = "") async throws(CashierError) -> ApprovalRecord? {
        guard try await policyOn() else { return nil }
        guard let approval else { throw .approvalRequired(kind) }
        let manager = try await verify(name: approval.manager, pin: approval.pin)
        guard manager.role == .manager else { throw .notManager(manager.name) }
        let cashier = try await storage { try await database.currentSignIn() }?.cashierName ?? ""
        return ApprovalRecord(kind: kind.rawValue, managerName: manager.name, cashierName: cashier,
                              reference: reference, amount: amount?.minorUnits, currencyCode: amount?.currency.code,
                              detail: detail, approvedAt: environment.now())
    }

    /// Records an approval ``check(_:_:reference:amount:detail:)`` gave.
    @discardableResult
    func record(_ row: ApprovalRecord) async throws(CashierError) -> ApprovalRecord {
        let recorded = try await storage { try await database.recordApproval(row) }
        environment.logger.notice("approval: \(row.managerName) approved \(row.kind) \(row.reference) for \(row.cashierName.isEmpty ? "-" : row.cashierName)")
        return recorded
    }

    // MARK: Training

    /// Whether the register is in training now.
    func training() async throws(CashierError) -> Bool {
        try await storage { try await database.registerTraining() }
    }

    /// Switches the register into or out of training: into it with a manager's approval where cashiers are set up
    /// (recorded, kind `training`), out of it for anyone. Answers whether the mode changed.
    func setTraining(_ on: Bool, approval: ManagerApproval?) async throws(CashierError) -> Bool {
        let now = try await training()
        guard now != on else { return false }
        if on { try await approve(approval, .training, reference: "register \(RegisterIdentity.current(environment) ?? "-")") }
        let changed = try await storage { try await database.setRegisterTraining(on) }
        environment.logger.notice("register: training \(on ? "on" : "off")")
        return changed
    }

    // MARK: PINs

    /// Checks `pin` for `name`: a locked cashier is refused before any check; a wrong PIN counts towards the
    /// lock; a right one clears the count. The lock runs out after ``lockMinutes``.
    func verify(name: String, pin: String) async throws(CashierError) -> CashierRecord {
        guard var row = try await storage({ try await database.cashier(named: name) }) else { throw .unknownCashier(name) }
        if let lockedAt = row.lockedAt {
            if environment.now() < lockedAt.addingTimeInterval(TimeInterval(lockMinutes * 60)) {
                throw .locked(name: row.name, minutes: lockMinutes)
            }
            try await storage { try await database.unlockCashier(named: row.name) }
            row.lockedAt = nil
            row.failedAttempts = 0
        }
        let parameters = PinHasher.Parameters(cost: row.kdfCost, blockSize: row.kdfBlockSize, parallelism: row.kdfParallelism)
        if row.kdf == PinHasher.Derived.kdf,
           await PinHasher.matches(pin, salt: row.pinSalt, hash: row.pinHash, parameters: parameters) {
            try await storage { try await database.recordPinSuccess(named: row.name) }
            return row
        }
        let failure = try await storage {
            try await database.recordPinFailure(named: row.name, lockAfter: Self.lockAfter, at: environment.now())
        }
        environment.logger.notice("cashier: wrong PIN for \(row.name) (\(failure.failedAttempts) of \(Self.lockAfter))")
        if failure.locked { throw .locked(name: row.name, minutes: lockMinutes) }
        throw .wrongPin(name: row.name, attemptsLeft: Self.lockAfter - failure.failedAttempts)
    }

    // MARK: Administration

    func list() async throws(CashierError) -> [CashierSummary] {
        let now = environment.now()
        return try await storage { try await database.cashiers() }.map { summary($0, now: now) }
    }

    /// What ``add(name:role:pin:approval:)`` checks before the PIN: the name, and the first cashier a manager or
    /// later ones approved by a manager (the approval checked, not recorded), so the command line can refuse before
    /// it asks for the new cashier's PIN.
    func checkAdd(name: String, role: CashierRole, approval: ManagerApproval?) async throws(CashierError) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard (1...40).contains(name.count), !name.contains(where: \.isNewline) else { throw .invalidName(name) }
        if try await policyOn() {
            _ = try await check(approval, .cashiers, reference: "add \(name)")
        } else if role != .manager {
            throw .firstMustBeManager
        }
    }

    func add(name: String, role: CashierRole, pin: String, approval: ManagerApproval?) async throws(CashierError) -> CashierSummary {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard (1...40).contains(name.count), !name.contains(where: \.isNewline) else { throw .invalidName(name) }
        guard PinHasher.isValid(pin) else { throw .invalidPin }
        if try await policyOn() {
            try await approve(approval, .cashiers, reference: "add \(name)")
        } else if role != .manager {
            throw .firstMustBeManager
        }
        let derived = try await derive(pin)
        let row = CashierRecord(name: name, role: CashierRecord.Role(rawValue: role.rawValue) ?? .cashier,
                                pinSalt: derived.salt, pinHash: derived.hash, kdf: PinHasher.Derived.kdf,
                                kdfCost: derived.parameters.cost, kdfBlockSize: derived.parameters.blockSize,
                                kdfParallelism: derived.parameters.parallelism, createdAt: environment.now())
        let added = try await storage { try await database.addCashier(row) }
        environment.logger.notice("cashier: added \(added.name) (\(added.role.rawValue))")
        return summary(added, now: environment.now())
    }

    func remove(name: String, approval: ManagerApproval?) async throws(CashierError) {
        try await approve(approval, .cashiers, reference: "remove \(name)")
        try await storage { try await database.removeCashier(named: name, at: environment.now()) }
        environment.logger.notice("cashier: removed \(name)")
    }

    func setPin(name: String, pin: String, approval: ManagerApproval?) async throws(CashierError) {
        guard PinHasher.isValid(pin) else { throw .invalidPin }
        try await approve(approval, .cashiers, reference: "set-pin \(name)")
        let derived = try await derive(pin)
        try await storage {
            try await database.setCashierPin(named: name, salt: derived.salt, hash: derived.hash, kdf: PinHasher.Derived.kdf,
                                             cost: derived.parameters.cost, blockSize: derived.parameters.blockSize,
                                             parallelism: derived.parameters.parallelism)
        }
        environment.logger.notice("cashier: new PIN for \(name)")
    }

    func unlock(name: String, approval: ManagerApproval?) async throws(CashierError) {
        try await approve(approval, .cashiers, reference: "unlock \(name)")
        try await storage { try await database.unlockCashier(named: name) }
        environment.logger.notice("cashier: unlocked \(name)")
    }

    // MARK: Sign-in

    func signIn(name: String, pin: String) async throws(CashierError) -> CashierSession {
        let row = try await verify(name: name, pin: pin)
        let signIn = try await storage { try await database.signIn(named: row.name, at: environment.now()) }
        environment.logger.notice("cashier: \(signIn.cashierName) signed in\(signIn.shiftId.map { " in shift \($0)" } ?? "")")
        return Self.session(signIn)
    }

    func unlockSession(pin: String) async throws(CashierError) -> CashierSession {
        guard let current = try await storage({ try await database.currentSignIn() }) else { throw .signInRequired }
        _ = try await verify(name: current.cashierName, pin: pin)
        return Self.session(current)
    }

    func current() async throws(CashierError) -> CashierSession? {
        guard try await policyOn() else { return nil }
        return try await storage { try await database.currentSignIn() }.map(Self.session)
    }

    func signOut() async throws(CashierError) {
        try await storage { try await database.signOut(at: environment.now()) }
    }

    func approvals(shiftId: Int64?) async throws(CashierError) -> [ApprovalSummary] {
        let shift = try await storage {
            if let shiftId { try await database.shift(id: shiftId) } else { try await database.latestShift() }
        }
        guard let id = shift?.id else { return [] }
        return try await storage { try await database.approvals(shiftId: id) }.map(Self.summary)
    }

    // MARK: Helpers

    private func derive(_ pin: String) async throws(CashierError) -> PinHasher.Derived {
        do { return try await PinHasher(parameters: environment.pinHashing).derive(pin) } catch { throw .refused(L10n.tr("error.cashier.pinHash", ["error": "\(error)"])) }
    }

    private func summary(_ row: CashierRecord, now: Date) -> CashierSummary {
        let locked = row.lockedAt.map { now < $0.addingTimeInterval(TimeInterval(lockMinutes * 60)) } ?? false
        return CashierSummary(name: row.name, role: CashierRole(rawValue: row.role.rawValue) ?? .cashier,
                              failedAttempts: locked || row.lockedAt == nil ? row.failedAttempts : 0, locked: locked)
    }

    static func session(_ row: CashierSignInRecord) -> CashierSession {
        CashierSession(name: row.cashierName, role: CashierRole(rawValue: row.role.rawValue) ?? .cashier,
                       signedInAt: row.signedInAt, shiftId: row.shiftId)
    }

    static func summary(_ row: ApprovalRecord) -> ApprovalSummary {
        ApprovalSummary(kind: row.kind, manager: row.managerName, cashier: row.cashierName, reference: row.reference,
                        amount: row.amount, approvedAt: row.approvedAt)
    }

    func storage<T: Sendable>(_ work: () async throws -> T) async throws(CashierError) -> T {
        do {
            return try await work()
        } catch let error as CashierWriteError {
            switch error {
            case .notFound(let name): throw .unknownCashier(name)
            default: throw .refused(error.description)
            }
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// The store's users who may work the till: managers first (by name), then cashiers; a user who manages
    /// WooCommerce and also holds the cashier capability is a manager.
    func storeUsers(network: any Network) async throws(CashierError) -> [StoreCashier] {
        let remote = SiteRemote(network: network)
        let managers: [WordPressUser], cashiers: [WordPressUser]
        do {
            managers = try await remote.loadUsers(withCapability: StoreCashier.managerCapability)
            cashiers = try await remote.loadUsers(withCapability: StoreCashier.cashierCapability)
        } catch {
            throw .network(error)
        }
        let here = Set(try await list().map { $0.name.lowercased() })
        var seen = Set<Int64>()
        var users: [StoreCashier] = []
        for (role, group) in [(CashierRole.manager, managers), (.cashier, cashiers)] {
            for user in group where seen.insert(user.id).inserted {
                let name = (user.name.isEmpty ? user.username : user.name).trimmingCharacters(in: .whitespaces)
                users.append(StoreCashier(userId: user.id, name: name, username: user.username, role: role,
                                          isCashierHere: here.contains(name.lowercased())))
            }
        }
        return users
    }
}
