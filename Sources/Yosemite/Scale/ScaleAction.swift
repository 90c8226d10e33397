import Hardware
import POSFoundation

/// The counter's scale, for goods sold by weight.
public enum ScaleAction: Action {
    public typealias Failure = WeighingError

    /// Reads one stable, positive weight from the scale at the settings' address (the scale's own retries
    /// while the weight moves included). Fails with ``WeighingError``: no address set, zero, unstable, under
    /// zero, overloaded, no answer… Nothing is added to a sale here.
    case weigh(reply: Reply<Weighing>)
}

/// A stable, positive weight the scale gave.
public struct Weighing: Hashable, Sendable {
    /// The net weight in grams.
    public var grams: Int
    /// Whether a tare was in force on the scale.
    public var isNet: Bool
    /// The weight as the scale sent it ("01.234").
    public var displayed: String

    public init(grams: Int, isNet: Bool = false, displayed: String = "") {
        self.grams = grams
        self.isNet = isNet
        self.displayed = displayed
    }

    init(_ weight: ScaleWeight) {
        self.init(grams: weight.grams, isNet: weight.isNet, displayed: weight.displayed)
    }
}

/// Why the scale gave no weight to sell: the scale's own reason, for the cashier.
public struct WeighingError: UserFacingError, Hashable {
    /// The scale error's code (`zero`, `unstable`, `underZero`, `overCapacity`, `noAnswer`, `notConfigured`…).
    public let code: String
    public let message: String
    public let recoverySuggestion: String

    init(_ error: ScaleError) {
        code = error.code.rawValue
        message = error.message
        recoverySuggestion = error.recoverySuggestion
    }

    private init(code: String, message: String, recoverySuggestion: String) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }
}

extension WeighingError: ActionFailure {
    /// No scale store in the session's current state: code `unhandled`, with the ``UnhandledAction``'s texts.
    public static func unhandled(_ unhandled: UnhandledAction) -> WeighingError {
        WeighingError(code: "unhandled", message: unhandled.message, recoverySuggestion: unhandled.recoverySuggestion)
    }
}
