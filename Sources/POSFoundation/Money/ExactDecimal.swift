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
        if separators.decimal == ".", let plain = ExactDecimal(plainASCII: text) {
            self = plain
            return
        }
        let parsed = try DecimalText.parse(text, separators: separators)
        var digits = parsed.fraction
        while digits.last == "0" { digits.removeLast() }
        guard digits.count <= ExactDecimal.maximumScale else { throw MoneyParseError.tooPrecise(text: text, decimals: ExactDecimal.maximumScale) }
        let value = try DecimalText.integer(from: parsed.integer + digits, text: text)
        self.init(significand: parsed.negative ? -value : value, scale: digits.count)
    }

    /// The common shape of the REST API's numbers ("12.50", "-3", "0.075") read in one pass over the bytes; nil
    /// for anything else (whitespace, a sign other than "-", grouping, too many digits), which the general parser
    /// then reads or refuses with its error. Catalog pages carry four such numbers a product.
    private init?(plainASCII text: String) {
        var utf8 = Substring(text).utf8
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        var value: Int64 = 0
        var digits = 0
        var scale = 0
        var pendingZeros = 0
        var seenDot = false
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenDot else { return nil }
                seenDot = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            if seenDot && byte == UInt8(ascii: "0") {
                // Trailing zeros of the fraction are dropped; count them until a non-zero digit follows.
                pendingZeros += 1
                continue
            }
            for _ in 0..<(pendingZeros + 1) {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = shifted
            }
            let (sum, overflow) = value.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow else { return nil }
            value = sum
            if seenDot { scale += pendingZeros + 1 }
            pendingZeros = 0
        }
        guard digits > 0, scale <= ExactDecimal.maximumScale else { return nil }
        self.init(significand: negative ? -value : value, scale: scale)
    }

    public var isZero: Bool { significand == 0 }

    /// The denominator that turns ``significand`` into the value: 10^scale.
    public var denominator: Int64 { Decimal10.power(scale) }

    /// The value in units of 10^-`exponent` (minor units of a currency with that many decimals), when it has no
    /// more decimals than that and fits in 64 bits; nil otherwise.
    public func units(ofExponent exponent: Int) -> Int64? {
        guard scale <= exponent else { return nil }
        let (units, overflow) = significand.multipliedReportingOverflow(by: Decimal10.power(exponent - scale))
        return overflow ? nil : units
    }

    /// Canonical text with a dot: "19.5", "-0.25", "7".
    public var description: String {
        DecimalText.format(significand, exponent: scale, decimalSeparator: ".", groupingSeparator: nil)
    }
}
