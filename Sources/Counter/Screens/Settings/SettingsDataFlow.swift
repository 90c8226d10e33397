import Yosemite

/// The settings screen's data flow: this counter's ``AppSettings`` as a list of fields, edited one at a time and
/// saved at once through `AppSettingsAction.updateAppSettings`.
public enum SettingsDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case selectionUp
        case selectionDown
        case typed(Character)
        case backspace
        /// Edits the selected field, or saves the one being edited.
        case enterPressed
        case escapePressed
    }

    /// The fields, in screen order.
    public enum Field: Int, CaseIterable, Hashable, Sendable {
        case receiptWidth
        case printer
        case reader
        case cashier
        case scanGap
        case scanMinLength
        case poleDisplay
        case customerDisplay
        case scale
        case barcodeLayouts
        /// The screen's language.
        case language
        /// The language of paper and the customer displays.
        case paperLanguage

        /// The store-floor device setting the field edits, if it is one.
        var floorDevice: FloorDeviceSetting? {
            switch self {
            case .poleDisplay: .poleDisplay
            case .customerDisplay: .customerDisplay
            case .scale: .scale
            case .barcodeLayouts: .barcodeLayouts
            case .language: .language
            case .paperLanguage: .paperLanguage
            default: nil
            }
        }
    }

    /// The settings screen's state.
    public struct Response: Hashable, Sendable {
        /// The saved settings; `nil` until loaded.
        public var settings: AppSettings?
        public var selected: Field = .receiptWidth
        /// Whether the selected field is being typed into.
        public var isEditing = false
        public var input = ""
        public var message: String?
        public var isError = false
        /// Who is signed in, when cashiers are set up (`nil`: none set up): the cashier field then shows them and
        /// is not typed into (cashiers are managed with `pos cashier`).
        public var signedInCashier: SignedIn?
        /// Whether this is the demo store, which pays and weighs on the simulators (`sim://`) when no reader or
        /// scale is set: the screen then says so instead of "none".
        public var isDemo = false

        /// The signed-in cashier where cashiers are set up.
        public enum SignedIn: Hashable, Sendable {
            case nobody
            case cashier(String)
        }

        /// An empty state.
        public init() {}
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        /// One field.
        public struct Row: Hashable, Sendable {
            public var label: String
            public var value: String
        }

        public var rows: [Row]
        public var selected: Int
        /// "Cashier name: Ada▏" while editing.
        public var prompt: String?
        /// What the selected field means.
        public var help: String
        public var message: String?
        public var isError: Bool
        public var keyHints: [KeyHint]
    }
}
