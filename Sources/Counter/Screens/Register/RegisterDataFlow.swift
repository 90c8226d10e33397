import Foundation

/// The register screen's data flow: the register id and its TSE client; a new id is set as `pos register set`
/// sets it (enrolled at the TSE first).
public enum RegisterDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case setKeyPressed
        case typed(Character)
        case backspacePressed
        case enterPressed
        case escapePressed
        case scanned(String)
    }

    /// The register screen's state.
    public struct Response: Hashable, Sendable {
        public var isLoaded = false
        public var info = RegisterInfo(id: nil, tseClient: nil)
        /// Whether the register can be set here (`pos` gave the counter a ``RegisterSetting``).
        public var canSet = false
        /// The id being typed, when setting.
        public var editing: String?
        public var isBusy = false
        /// What the last change said.
        public var result: [String] = []
        public var isError = false

        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var lines: [String]
        public var input: String?
        public var message: [String]
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
