import Yosemite

/// The login screen's data flow: site URL, user and application password (masked), then the real
/// `AccountAction.login` through ``StoresManager/login(siteURL:username:applicationPassword:)``.
public enum LoginDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspace
        case nextField
        case previousField
        /// Moves to the next field, or logs in from the last one.
        case enterPressed
        case loginKeyPressed
        case escapePressed
    }

    /// The fields, in screen order.
    public enum Field: Int, CaseIterable, Hashable, Sendable {
        case siteURL
        case username
        case password
    }

    /// The login screen's state. The password lives only here and in the login call; it is never drawn or logged.
    public struct Response: Hashable, Sendable {
        public var siteURL = ""
        public var username = ""
        public var password = ""
        public var field: Field = .siteURL
        public var isBusy = false
        /// Whether the counter is on the demo store now.
        public var isDemo = false
        /// The account logged in on this screen.
        public var loggedIn: Account?
        public var message: String?
        public var isError = false

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        /// One input line.
        public struct Row: Hashable, Sendable {
            public var label: String
            /// The text as shown (the password as bullets).
            public var value: String
            public var isFocused: Bool
            /// The password's bullet when the value is masked: keys held back as a possible scan show as bullets too.
            public var mask: Character? = nil
        }

        public var headline: String
        public var rows: [Row]
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
