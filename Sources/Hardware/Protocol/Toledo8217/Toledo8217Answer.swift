/// One answer of a Mettler Toledo 8217 scale ("8217 ECR" protocol), framed `STX … CR`.
///
/// ```
/// register → scale   W                                  (0x57, no terminator)
/// scale → register   STX "01.234" CR                    stable gross weight, kg with 3 decimals
///                    STX "01.234" "N" CR                stable net weight
///                    STX "001.23" CR / STX "01.23" CR   pounds (2 decimals): refused, set the scale to kg
///                    STX "?" status CR                  in motion, over capacity, under zero, zero error
/// ```
public enum Toledo8217Answer: Hashable, Sendable {
    /// A weight as the scale displays it.
    case weight(Toledo8217Weight)
    /// A status byte instead of a weight.
    case status(Toledo8217Status)
}

/// A weight field of an 8217 answer.
public struct Toledo8217Weight: Hashable, Sendable {
    /// The digits as sent, with the decimal point ("01.234").
    public let text: String
    /// The value in units of the last decimal (1234 for "01.234").
    public let value: Int
    /// Digits after the decimal point: 3 for kilograms, 2 for pounds.
    public let decimals: Int
    /// Whether the scale marked the weight net ("N").
    public let isNet: Bool

    public init(text: String, value: Int, decimals: Int, isNet: Bool) {
        self.text = text
        self.value = value
        self.decimals = decimals
        self.isNet = isNet
    }

    /// The weight in grams when the field is in kilograms (3 decimals); `nil` for pounds.
    public var grams: Int? { decimals == 3 ? value : nil }
}

/// The bytes a register sends to an 8217 scale: single uppercase ASCII letters, no terminator.
public enum Toledo8217Command: UInt8, Hashable, Sendable {
    /// Send the weight (or the status when there is no valid weight).
    case weigh = 0x57  // "W"
    /// Zero the scale (answered with the status).
    case zero = 0x5A  // "Z"
    /// Tare the weight on the pan (answered with the status).
    case tare = 0x54  // "T"
    /// Clear the tare (answered with the status).
    case clearTare = 0x43  // "C"

    /// The bytes on the line.
    public var bytes: [UInt8] { [rawValue] }
}
