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

    public init(_ code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    public var message: String {
        let suffix = detail.map { " (\($0))" } ?? ""
        switch code {
        case .unstable: return "The weight did not settle."
        case .zero: return "The scale shows zero: nothing is on the pan."
        case .underZero: return "The scale shows less than zero."
        case .overCapacity: return "The scale is overloaded."
        case .zeroError: return "The scale could not set its zero."
        case .wrongUnit: return "The scale weighs in pounds, not kilograms."
        case .noAnswer: return "The scale did not answer\(suffix)."
        case .unreadable: return "The scale's answer could not be read\(suffix)."
        case .busy: return "The scale is already weighing."
        case .cancelled: return "Weighing was cancelled."
        case .notConfigured: return "No scale is set up to weigh this product."
        default: return "The scale's line failed\(suffix)."
        }
    }

    public var recoverySuggestion: String {
        switch code {
        case .unstable: "Let the goods rest on the pan, then weigh again."
        case .zero: "Put the goods on the pan, then weigh again."
        case .underZero: "Empty the pan and zero the scale, then weigh again."
        case .overCapacity: "Take some goods off the pan, then weigh again."
        case .zeroError: "Empty the pan and switch the scale off and on."
        case .wrongUnit: "Set the scale to kilograms (8217 protocol, kg) in its setup menu."
        case .noAnswer: "Check that the scale is on, its cable, and that it is set to the 8217 protocol at 9600 7E1."
        case .unreadable: "Check the scale's line settings (9600 7E1) and protocol (8217)."
        case .busy: "Wait for the weighing under way."
        case .cancelled: ""
        case .notConfigured: "Set the scale's address (Settings, or pos settings set scale scale+serial:///dev/ttyUSB2), or scan a weight label."
        default: "Check the scale's cable and address (scale+serial:///dev/ttyUSB2)."
        }
    }
}
