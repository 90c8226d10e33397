import Localization
import Yosemite

/// The counter's side of cashiers: sign-in and switching in two keys (^L, then the cashier's digit,
/// then the PIN), the idle lock, and a manager's PIN when a store asks for an approval.
///
/// With no cashier set up the gate stays open and the counter works as before. Once cashiers exist the counter
/// starts locked; the shell sends every key here while ``isShowing`` and draws ``lines``. PINs are kept only
/// while typed (shown as `*`) and handed to Yosemite, which checks them, counts wrong ones and locks after five.
///
/// The lock holds: once locked (at start, after the idle time, after a wrong PIN) only a PIN Yosemite accepts
/// opens the counter again. Esc moves between the lock and the choice of cashier, never past them; it cancels a
/// switch (^L) back to the counter only while the cashier who pressed ^L is still unlocked. A scanner's burst
/// (``handleScan(_:)``) is never a PIN: it is ignored with a notice and never counts as a try.
@MainActor
public final class CashierGate {
    /// Why the gate is showing.
    public enum Stage: Equatable, Sendable {
        /// Open: the counter works.
        case open
        /// Choosing who signs in (at start, after ^L, or from the idle lock with a digit).
        case choose
        /// Typing `name`'s PIN to sign in.
        case pin(name: String)
        /// Locked (after idle time, or at start with a cashier still signed in): the signed-in cashier's PIN, or
        /// Esc (^L) for another cashier.
        case idle
        /// A store asked for a manager: choose one.
        case chooseManager(ApprovalKind)
        /// Typing the manager's PIN.
        case managerPin(name: String, kind: ApprovalKind)
    }

    public private(set) var stage: Stage = .open
    /// Whether cashiers are set up (the policy is on).
    public private(set) var policyOn = false
    public private(set) var cashiers: [CashierSummary] = []
    public private(set) var signedIn: CashierSession?
    /// The PIN typed so far (never drawn, only its length).
    private var typed = ""
    /// Whether the signed-in cashier proved their PIN in this run since the last lock. False at start (a restart
    /// is a lock), after the idle time and after a wrong PIN; only then may Esc cancel a switch back to the counter.
    public private(set) var unlocked = false
    /// The lock at start (a cashier was still signed in when the counter last quit), as opposed to the idle lock.
    private var lockedAtStart = false
    /// The last refusal ("Wrong PIN…", "… is locked").
    public private(set) var message: String?
    private let stores: StoresManager
    private let changed: @MainActor () -> Void
    /// Called when a sign-in or an unlock opens the counter: the idle time counts from then, not from the Enter
    /// that sent the PIN (checking a PIN may take longer than a short idle time on a busy machine).
    var opened: @MainActor () -> Void = {}
    private var approvalWaiter: CheckedContinuation<ManagerApproval?, Never>?
    /// Sign-ins and unlocks of this gate so far, and whether one runs: a change of who is signed in that they made
    /// is not a change from another process (``rosterChanged()``).
    private var sessionsOpened = 0
    private var isOpeningSession = false

    init(stores: StoresManager, changed: @escaping @MainActor () -> Void) {
        self.stores = stores
        self.changed = changed
    }

    /// The stage as one word for the frame log (`open`, `choose`, `pin`, `idle`, `manager`, `managerPin`).
    public var stageName: String {
        switch stage {
        case .open: "open"
        case .choose: "choose"
        case .pin: "pin"
        case .idle: "idle"
        case .chooseManager: "manager"
        case .managerPin: "managerPin"
        }
    }

    /// True while the gate covers the screen.
    public var isShowing: Bool { stage != .open }

    /// True while the gate stands for a lock or a sign-in (nothing of the screen below may show), as opposed to a
    /// manager's approval over an open counter.
    public var isLocking: Bool {
        switch stage {
        case .choose, .pin, .idle: true
        case .open, .chooseManager, .managerPin: false
        }
    }

    /// How many digits of a PIN are typed (for the frame log; the digits themselves are never shown).
    public var typedCount: Int { typed.count }
    /// How many digits the shell holds back as a possible scan (``ScanDetector/echo``): the PIN line shows a star for
    /// each as if typed; they are not part of the PIN until the shell delivers them.
    var heldDigits = 0

    /// The PIN line: a star per digit typed or held, never a digit.
    private var pinLine: String { "PIN: " + String(repeating: "*", count: min(8, typed.count + heldDigits)) }

    /// Loads the cashiers; with any set up, the counter starts locked until someone signs in: at the signed-in
    /// cashier's PIN when one is still signed in from the last run (Esc lets another choose), else at the choice.
    func start() async {
        await reload()
        if policyOn {
            unlocked = false
            lockedAtStart = signedIn != nil
            stage = signedIn != nil ? .idle : .choose
            changed()
        }
    }

    private func reload() async {
        cashiers = (try? await stores.dispatch { CashierAction.list(reply: $0) }) ?? []
        policyOn = !cashiers.isEmpty
        signedIn = try? await stores.dispatch { CashierAction.current(reply: $0) }
    }

    /// The cashiers or who is signed in changed, here or in another process (`pos cashier add|remove|unlock|set-pin`,
    /// `pos cashier sign-in|sign-out`): reloads them at once. The first cashier set up while the counter runs locks
    /// it as a start would; the last one removed opens it; an open counter whose cashier was signed out or replaced
    /// elsewhere locks at the new one's PIN (or the choice).
    func rosterChanged() async {
        let wasOn = policyOn
        let before = signedIn?.name
        let generation = sessionsOpened
        await reload()
        // A sign-in of this gate's own that ran or runs meanwhile is no change from elsewhere.
        let ownSignIn = generation != sessionsOpened || isOpeningSession
        if !policyOn {
            if isLocking { stage = .open }
        } else if !wasOn {
            unlocked = false
            lockedAtStart = signedIn != nil
            stage = signedIn != nil ? .idle : .choose
            typed = ""
        } else if stage == .open, !ownSignIn, signedIn?.name != before {
            unlocked = false
            lockedAtStart = false
            stage = signedIn != nil ? .idle : .choose
            typed = ""
            message = nil
        }
        changed()
    }

    /// ^L: lock and choose who signs in (the switch of cashier).
    func switchCashier() {
        guard policyOn else { return }
        stage = .choose
        typed = ""
        message = nil
        changed()
    }

    /// The idle time ran out: the counter locks at the signed-in cashier's PIN, also when it shows the switch of
    /// cashier (^L left open would otherwise let Esc back in) or a manager's approval (which is cancelled).
    func idleLock() {
        guard policyOn, unlocked, signedIn != nil else { return }
        if approvalWaiter != nil { finishApproval(nil) }
        unlocked = false
        lockedAtStart = false
        stage = .idle
        typed = ""
        message = nil
        changed()
    }

    /// Asks for a manager's approval (a store refused with `approvalRequired`); `nil` when the cashier cancels.
    func requestApproval(_ kind: ApprovalKind) async -> ManagerApproval? {
        approvalWaiter?.resume(returning: nil)
        await reload()
        stage = .chooseManager(kind)
        typed = ""
        message = nil
        changed()
        return await withCheckedContinuation { approvalWaiter = $0 }
    }

    /// Handles a key while showing.
    func handle(_ key: KeyEvent) {
        switch stage {
        case .open: return
        case .idle:
            // Digits are the PIN here; Esc or ^L lets another cashier take over (the switch).
            if key == .escape || key == .control("l") {
                stage = .choose
                typed = ""
                message = nil
            } else {
                typePin(key) { pin in self.unlock(pin) }
            }
        case .choose:
            if case .character(let character) = key, let digit = character.wholeNumberValue,
               digit >= 1, digit <= min(9, cashiers.count) {
                stage = .pin(name: cashiers[digit - 1].name)
                typed = ""
                message = nil
            } else if key == .escape, signedIn != nil {
                // Back to the counter only from a switch the unlocked cashier started; from a lock, back to the lock.
                stage = unlocked ? .open : .idle
                typed = ""
                message = nil
            }
        case .pin(let name):
            if key == .escape { stage = .choose; typed = ""; break }
            typePin(key) { pin in self.signIn(name, pin) }
        case .chooseManager(let kind):
            let managers = cashiers.filter { $0.role == .manager }
            if key == .escape { finishApproval(nil); break }
            if case .character(let character) = key, let digit = character.wholeNumberValue,
               digit >= 1, digit <= min(9, managers.count) {
                stage = .managerPin(name: managers[digit - 1].name, kind: kind)
                typed = ""
                message = nil
            }
        case .managerPin(let name, let kind):
            if key == .escape { stage = .chooseManager(kind); typed = ""; break }
            typePin(key) { pin in self.finishApproval(ManagerApproval(manager: name, pin: pin)) }
        }
        changed()
    }

    private func typePin(_ key: KeyEvent, done: (String) -> Void) {
        switch key {
        case .character(let character) where character.isASCII && character.isNumber && typed.count < 8:
            typed.append(character)
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .enter where !typed.isEmpty:
            // Enter with nothing typed is no try (a stray key at the lock must not count towards the lock).
            let pin = typed
            typed = ""
            done(pin)
        default: break
        }
    }

    private func finishApproval(_ approval: ManagerApproval?) {
        stage = unlocked ? .open : signedIn != nil ? .idle : .choose
        let waiter = approvalWaiter
        approvalWaiter = nil
        waiter?.resume(returning: approval)
    }

    private func signIn(_ name: String, _ pin: String) {
        openSession { stores throws(CashierError) in
            try await stores.dispatch { CashierAction.signIn(name: name, pin: pin, reply: $0) }
        }
    }

    private func unlock(_ pin: String) {
        openSession { stores throws(CashierError) in
            try await stores.dispatch { CashierAction.unlockSession(pin: pin, reply: $0) }
        }
    }

    /// Opens the counter for the cashier `attempt` signs in, or keeps it locked saying why (a wrong PIN, a lock).
    private func openSession(
        _ attempt: @escaping @MainActor (StoresManager) async throws(CashierError) -> CashierSession
    ) {
        isOpeningSession = true
        Task {
            defer { isOpeningSession = false }
            do throws(CashierError) {
                signedIn = try await attempt(stores)
                sessionsOpened += 1
                unlocked = true
                lockedAtStart = false
                stage = .open
                message = nil
                opened()
            } catch {
                // A wrong PIN (or a lock) leaves the counter locked: Esc no longer cancels back into it.
                unlocked = false
                message = error.message
                await reload()
            }
            changed()
        }
    }

    /// A scanner's burst while the gate shows: never a PIN nor a choice, so it is ignored (nothing typed, no try
    /// counted) with a notice saying so.
    func handleScan(_ code: String) {
        guard isShowing else { return }
        switch stage {
        case .pin, .idle, .managerPin: message = L10n.tr("gate.scanIgnored.pin")
        case .choose, .chooseManager, .open: message = L10n.tr("gate.scanIgnored.choose")
        }
        changed()
    }

    /// The keys that work at the gate now, for the key line (the screen's keys below do not while it shows).
    /// `canQuit`: whether ^Q quits now (the shell quits from the gate only with an empty cart).
    func keyHints(canQuit: Bool) -> [KeyHint] {
        var hints: [KeyHint]
        switch stage {
        case .open: return []
        case .choose:
            hints = [KeyHint(Self.numbers(cashiers.count), L10n.tr("keys.gate.cashier"))]
            if signedIn != nil {
                hints.append(KeyHint("Esc", L10n.tr(unlocked ? "keys.gate.backToCounter" : "keys.gate.backToLock")))
            }
        case .pin, .managerPin:
            hints = [KeyHint("Enter", L10n.tr("keys.gate.enterPin")), KeyHint("Esc", L10n.tr("keys.gate.back"))]
        case .idle:
            hints = [KeyHint("Enter", L10n.tr("keys.gate.unlock")), KeyHint("Esc", L10n.tr("keys.gate.another"))]
        case .chooseManager:
            hints = [KeyHint(Self.numbers(cashiers.filter { $0.role == .manager }.count), L10n.tr("keys.gate.manager")),
                     KeyHint("Esc", L10n.tr("keys.gate.cancel"))]
        }
        if canQuit { hints.append(KeyHint("^Q", L10n.tr("keys.quit"))) }
        return hints
    }

    /// The digits that choose among `count` people ("1", "1-9").
    private static func numbers(_ count: Int) -> String {
        count <= 1 ? "1" : "1-\(min(9, count))"
    }

    /// The catalog key of what a manager approves ("gate.approval.refund").
    static func approvalKey(_ kind: ApprovalKind) -> String { "gate.approval." + kind.rawValue }

    /// What the gate draws: a title and lines.
    public var lines: [String] {
        var lines: [String]
        switch stage {
        case .open: return []
        case .choose:
            lines = [L10n.tr(signedIn == nil ? "gate.signIn" : "gate.switch"), ""]
            lines += cashiers.prefix(9).enumerated().map { index, cashier in
                "\(index + 1)  \(cashier.name)" + (cashier.role == .manager ? " " + L10n.tr("gate.manager") : "")
                    + (cashier.locked ? " — " + L10n.tr("gate.locked") : "")
            }
            if let signedIn {
                lines += ["", L10n.tr(unlocked ? "gate.backTo" : "gate.backToLock", ["name": signedIn.name])]
            }
        case .pin(let name):
            lines = [L10n.tr("gate.pinFor", ["name": name]), "", pinLine, "",
                     L10n.tr("gate.pin.keys")]
        case .idle:
            lines = [L10n.tr(lockedAtStart ? "gate.lockedAtStart" : "gate.idle", ["name": signedIn?.name ?? ""]), "",
                     pinLine, "",
                     L10n.tr("gate.idle.typePin"), L10n.tr("gate.idle.another")]
        case .chooseManager(let kind):
            lines = [L10n.tr("gate.approval", ["what": L10n.tr(Self.approvalKey(kind))]), L10n.tr("gate.approval.choose"), ""]
            lines += cashiers.filter { $0.role == .manager }.prefix(9).enumerated().map { "\($0.offset + 1)  \($0.element.name)" }
        case .managerPin(let name, _):
            lines = [L10n.tr("gate.managerPinFor", ["name": name]), "", pinLine, "",
                     L10n.tr("gate.managerPin.keys")]
        }
        if let message { lines += ["", message] }
        return lines
    }
}
