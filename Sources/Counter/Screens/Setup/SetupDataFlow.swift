import Foundation
import Yosemite

/// The first run's data flow: a real store's counter with no cashiers walks through the register
/// id, the first manager, more cashiers, the receipt printer, the card terminal and the TSE, then sells (locked at
/// the gate, as cashiers now exist). Each step saves through the same actions as its screen in the menu.
public enum SetupDataFlow {
    /// The steps, in order.
    public enum Step: Hashable, Sendable {
        case register
        case managerName
        case managerPin
        case managerPinAgain
        case cashierName
        case cashierPin
        case cashierPinAgain
        case printer
        case terminal
        case fiscal

        /// The step's number among the six parts (for "step 2 of 6").
        public var part: Int {
            switch self {
            case .register: 1
            case .managerName, .managerPin, .managerPinAgain: 2
            case .cashierName, .cashierPin, .cashierPinAgain: 3
            case .printer: 4
            case .terminal: 5
            case .fiscal: 6
            }
        }

        /// Whether the field is a PIN (digits only, shown as •, never a scan).
        public var isPin: Bool {
            [.managerPin, .managerPinAgain, .cashierPin, .cashierPinAgain].contains(self)
        }
    }

    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspacePressed
        case enterPressed
        case escapePressed
        case selectionUp
        case selectionDown
        /// End: the last printer (the files).
        case selectLast
        case leaveKeyPressed
        case scanned(String)
    }

    /// The set-up's state.
    public struct Response: Hashable, Sendable {
        public var step: Step = .register
        /// What is typed into the step's field (a PIN's digits are never drawn).
        public var text = ""
        /// The register id as set (shown on later steps).
        public var register: String?
        /// The manager's name, then each cashier's while their PIN is typed.
        public var name = ""
        /// The PIN typed first (compared with the second).
        public var pin = ""
        /// The cashiers added so far.
        public var added: [String] = []
        /// The receipt printers to choose from (the Printers screen's list) and the one selected.
        public var printers: [PrintersDataFlow.Entry] = []
        public var selectedPrinter = 0
        /// The TSE's status lines and what `pos fiscal configure` still lacks.
        public var fiscalLines: [String] = []
        public var isBusy = false
        /// What the last step said.
        public var lines: [String] = []
        public var isError = false

        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var heading: String
        /// What the step asks, and what is set so far.
        public var lines: [String]
        /// A list to choose from (the printers), with the selection.
        public var choices: [String]
        public var selected: Int?
        /// The field being typed.
        public var input: String?
        /// The PIN's bullet while a PIN is typed: keys held back as a possible scan show as bullets too.
        public var inputMask: Character? = nil
        public var message: [String]
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
