import Foundation
import Yosemite

/// The cashiers screen's data flow: the cashiers with their role, lock and wrong PINs; add one (name, role, PIN
/// twice), remove one, set a new PIN, unlock. The stores decide who needs a manager: a refusal for want of one
/// asks for a manager's PIN at the gate (``CounterContext/requestApproval``) and tries again.
public enum CashiersDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case selectionUp
        case selectionDown
        case addKeyPressed
        case setPinKeyPressed
        case removeKeyPressed
        case unlockKeyPressed
        case typed(Character)
        case backspacePressed
        case enterPressed
        case escapePressed
        /// A scanner's burst: text in a name field, never a PIN.
        case scanned(String)
    }

    /// A form being filled in: adding a cashier, or a new PIN for one.
    public struct Form: Hashable, Sendable {
        /// What the form is for.
        public enum Purpose: Hashable, Sendable {
            case add
            case setPin(name: String)
        }

        /// The field being typed.
        public enum Step: Hashable, Sendable {
            case name
            case role
            case pin
            case pinAgain
        }

        public var purpose: Purpose
        public var step: Step
        public var name = ""
        public var role: CashierRole = .cashier
        /// The PIN typed first (never drawn, only its length).
        public var pin = ""
        /// What is being typed into the current field (a PIN's digits are never drawn).
        public var text = ""
        /// The manager's approval given for this form (asked before the PIN, as the command line does).
        public var approval: ManagerApproval?

        /// A form starting at `step`.
        public init(purpose: Purpose, step: Step) {
            self.purpose = purpose
            self.step = step
        }
    }

    /// The cashiers screen's state.
    public struct Response: Hashable, Sendable {
        public var isLoaded = false
        public var cashiers: [CashierSummary] = []
        public var selected = 0
        public var form: Form?
        /// The cashier whose removal waits for Enter.
        public var confirmRemove: String?
        /// A store call runs.
        public var isBusy = false
        public var message: String?
        public var isError = false

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        /// One cashier as a table row.
        public struct Row: Hashable, Sendable {
            public var name: String
            public var role: String
            public var state: String
            public var isLocked: Bool
        }

        public var headline: String
        public var rows: [Row]
        public var selected: Int?
        /// The form's lines: what is asked, then the field ("Name: Anna", "PIN: ••••").
        public var formLines: [String]
        /// The field being typed, drawn with its tail in view.
        public var input: String?
        /// The PIN's bullet while a PIN is typed: keys held back as a possible scan show as bullets too.
        public var inputMask: Character? = nil
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
