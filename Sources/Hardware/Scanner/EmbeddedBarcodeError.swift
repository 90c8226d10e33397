import Localization
import POSFoundation

/// Why a scanned restricted-circulation code (or a layout setting) was refused, with what the cashier should do.
public struct EmbeddedBarcodeError: UserFacingError, Hashable {
    /// What went wrong, as a code one can switch on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The EAN-13 check digit does not match the other twelve digits (a misread).
        public static let wrongCheckDigit = Code("wrongCheckDigit")
        /// The price verifier digit does not match the embedded price or weight (a misread or a bad label).
        public static let wrongVerifierDigit = Code("wrongVerifierDigit")
        /// A layout setting is not usable.
        public static let invalidLayout = Code("invalidLayout")
        /// Two layouts claim the same prefix.
        public static let overlappingLayouts = Code("overlappingLayouts")
        /// The embedded weight or price is zero.
        public static let zeroValue = Code("zeroValue")
    }

    public let code: Code
    /// The scanned code or the setting, and what is wrong with it.
    public let detail: String

    public init(_ code: Code, detail: String) {
        self.code = code
        self.detail = detail
    }

    public var message: String {
        switch code {
        case .wrongCheckDigit: L10n.tr("error.label.wrongCheckDigit", ["code": detail])
        case .wrongVerifierDigit: L10n.tr("error.label.wrongVerifierDigit", ["code": detail])
        case .zeroValue: L10n.tr("error.label.zeroValue", ["code": detail])
        case .overlappingLayouts: L10n.tr("error.label.overlappingLayouts", ["detail": detail])
        default: L10n.tr("error.label.invalidLayout", ["detail": detail])
        }
    }

    public var recoverySuggestion: String {
        switch code {
        case .wrongCheckDigit, .wrongVerifierDigit: L10n.tr("error.label.misread.hint")
        case .zeroValue: L10n.tr("error.label.zeroValue.hint")
        default: L10n.tr("error.label.invalidLayout.hint")
        }
    }
}
