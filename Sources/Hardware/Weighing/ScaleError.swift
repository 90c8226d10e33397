import Localization
import POSFoundation

/// Why the scale gave no weight to sell, with what the cashier should do.
public struct ScaleError: UserFacingError, Hashable {
    /// What went wrong, as a code one can switch on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The weight did not settle within the retries.
        public static let unstable = Code("unstable")
        /// The pan is empty (a stable zero): nothing to sell.
        public static let zero = Code("zero")
        /// The weight is below zero (a tare left in, the pan lifted).
        public static let underZero = Code("underZero")
        /// More than the scale's capacity is on the pan.
        public static let overCapacity = Code("overCapacity")
        /// The scale could not set its zero (outside the zero capture range at power-up).
        public static let zeroError = Code("zeroError")
        /// The scale answers in pounds; the counter sells by the kilogram.
        public static let wrongUnit = Code("wrongUnit")
        /// The scale did not answer in time.
        public static let noAnswer = Code("noAnswer")
        /// The scale's answers could not be read (line noise, wrong line settings).
        public static let unreadable = Code("unreadable")
        /// A weighing is already running.
        public static let busy = Code("busy")
        /// The line dropped or could not be opened.
        public static let lineFailed = Code("lineFailed")
        /// The counter cancelled the weighing.
        public static let cancelled = Code("cancelled")
        /// No scale address is set: a product sold by weight cannot be weighed.
        public static let notConfigured = Code("notConfigured")
    }

    public let code: Code
    /// The scale's address or what the line reported; never anything else.
    public let detail: String?
    /// Why the line could not be opened (`.lineFailed`), in the transport's words naming the scale.
    public let line: TransportError?

    public init(_ code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
        line = nil
    }

    /// The line to the scale could not be opened: `.lineFailed`, explained by the transport's error.
    public init(line: TransportError) {
        code = .lineFailed
        detail = line.underlying
        self.line = line.on(.scale)
    }

    public var message: String {
        if let line { return line.message }
        let suffix = detail.map { " (\($0))" } ?? ""
        switch code {
        case .unstable: return L10n.tr("error.scale.unstable")
        case .zero: return L10n.tr("error.scale.zero")
        case .underZero: return L10n.tr("error.scale.underZero")
        case .overCapacity: return L10n.tr("error.scale.overCapacity")
        case .zeroError: return L10n.tr("error.scale.zeroError")
        case .wrongUnit: return L10n.tr("error.scale.wrongUnit")
        case .noAnswer: return L10n.tr("error.scale.noAnswer", ["detail": suffix])
        case .unreadable: return L10n.tr("error.scale.unreadable", ["detail": suffix])
        case .busy: return L10n.tr("error.scale.busy")
        case .cancelled: return L10n.tr("error.scale.cancelled")
        case .notConfigured: return L10n.tr("error.scale.notConfigured")
        default: return L10n.tr("error.scale.lineFailed", ["detail": suffix])
        }
    }

    public var recoverySuggestion: String {
        if let line { return line.recoverySuggestion }
        return switch code {
        case .unstable: L10n.tr("error.scale.unstable.hint")
        case .zero: L10n.tr("error.scale.zero.hint")
        case .underZero: L10n.tr("error.scale.underZero.hint")
        case .overCapacity: L10n.tr("error.scale.overCapacity.hint")
        case .zeroError: L10n.tr("error.scale.zeroError.hint")
        case .wrongUnit: L10n.tr("error.scale.wrongUnit.hint")
        case .noAnswer: L10n.tr("error.scale.noAnswer.hint")
        case .unreadable: L10n.tr("error.scale.unreadable.hint")
        case .busy: L10n.tr("error.scale.busy.hint")
        case .cancelled: ""
        case .notConfigured: L10n.tr("error.scale.notConfigured.hint")
        default: L10n.tr("error.scale.lineFailed.hint")
        }
    }
}
