/// A decimal number held exactly: an integer significand and a count of decimal places.
///
/// Used for what is not money but must not be binary floating point either: tax rates ("19.0000"),
/// percentages, quantities. `ExactDecimal(parsing: "19.5")` is `195` with scale 1.
public struct ExactDecimal: Hashable, Sendable, CustomStringConvertible {
    /// The digits as an integer: 195 for 19.5.
    public let significand: Int64
    /// How many of the digits are decimals: 1 for 19.5.
    public let scale: Int

    /// The largest scale kept; digits past it are rejected as too precise (no real rate has 18 decimals).
    public static let maximumScale = 12

    public init(significand: Int64, scale: Int) {
        precondition(scale >= 0 && scale <= ExactDecimal.maximumScale, "scale out of range")
        self.significand = significand
        self.scale = scale
    }

    public init(_ integer: Int) {
        self.init(significand: Int64(integer), scale: 0)
    }

    /// Parses a decimal string exactly; trailing zeros are dropped ("19.0000" is 19 with scale 0).
    ///
    /// - Throws: ``MoneyParseError`` when the text is not a decimal number.
    public init(parsing text: String, separators: DecimalSeparators = .api) throws(MoneyParseError) {
        let parsed = try DecimalText.parse(text, separators: separators)
        var digits = parsed.fraction
        while digits.last == "0" { digits.removeLast() }
        guard digits.count <= ExactDecimal.maximumScale else { throw MoneyParseError.tooPrecise(text: text, decimals: ExactDecimal.maximumScale) }
        let value = try DecimalText.integer(from: parsed.integer + digits, text: text)
        self.init(significand: parsed.negative ? -value : value, scale: digits.count)
    }

    public var isZero: Bool { significand == 0 }

    /// The denominator that turns ``significand`` into the value: 10^scale.
    public var denominator: Int64 { Decimal10.power(scale) }

    /// Canonical text with a dot: "19.5", "-0.25", "7".
    public var description: String {
        DecimalText.format(significand, exponent: scale, decimalSeparator: ".", groupingSeparator: nil)
    }
}
