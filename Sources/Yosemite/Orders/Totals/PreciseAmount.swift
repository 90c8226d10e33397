import POSFoundation

/// An amount at WooCommerce's rounding precision: millionths of the currency's major unit.
///
/// WooCommerce keeps line amounts and per-rate taxes unrounded to `wc_get_rounding_precision()` (6 decimals)
/// and rounds to the store's decimals only for order sums. This is that precision, in integers.
public struct PreciseAmount: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The value times 10^6.
    public var micros: Int64

    /// The scale of ``micros``.
    public static let scale: Int64 = 1_000_000
    /// Zero.
    public static let zero = PreciseAmount(micros: 0)

    /// A value from millionths.
    public init(micros: Int64) { self.micros = micros }

    /// A value from minor units of a currency with `exponent` decimals (0…6).
    public init(minorUnits: Int64, exponent: Int) {
        micros = minorUnits * Self.power(6 - exponent)
    }

    /// Parses server decimal text ("12.5", "19.0000"); digits past the sixth are rounded half up. `nil` when the
    /// text is not a number or does not fit (more than about 9.2 × 10^12).
    public init?(decimalText: String) {
        guard let exact = try? ExactDecimal(parsing: decimalText) else { return nil }
        if exact.scale <= 6 {
            let (value, overflow) = exact.significand.multipliedReportingOverflow(by: Self.power(6 - exact.scale))
            guard !overflow else { return nil }
            micros = value
        } else {
            micros = Self.divide(Int128(exact.significand), Int128(Self.power(exact.scale - 6)), .halfUp)
        }
    }

    /// How half values round: PHP `round` (`PHP_ROUND_HALF_UP`) or `PHP_ROUND_HALF_DOWN`.
    public enum Rounding: Sendable, Hashable {
        case halfUp
        case halfDown
    }

    public static func < (lhs: PreciseAmount, rhs: PreciseAmount) -> Bool { lhs.micros < rhs.micros }
    public static func + (lhs: PreciseAmount, rhs: PreciseAmount) -> PreciseAmount { .init(micros: lhs.micros + rhs.micros) }
    public static func - (lhs: PreciseAmount, rhs: PreciseAmount) -> PreciseAmount { .init(micros: lhs.micros - rhs.micros) }
    public static func += (lhs: inout PreciseAmount, rhs: PreciseAmount) { lhs.micros += rhs.micros }
    public static func -= (lhs: inout PreciseAmount, rhs: PreciseAmount) { lhs.micros -= rhs.micros }

    /// This amount times a whole quantity.
    public func times(_ quantity: Int64) -> PreciseAmount { .init(micros: micros * quantity) }

    /// `self × numerator / denominator`, rounded half up at 6 decimals (`WC_Tax::round` at rounding precision).
    public func scaled(by numerator: Int64, over denominator: Int64) -> PreciseAmount {
        .init(micros: Self.divide(Int128(micros) * Int128(numerator), Int128(denominator), .halfUp))
    }

    /// This value rounded to `decimals` places (0…6), as `NumberUtil::round` / `wc_round_tax_total`.
    public func rounded(_ decimals: Int, _ mode: Rounding = .halfUp) -> PreciseAmount {
        let step = Self.power(6 - max(0, min(6, decimals)))
        return .init(micros: Self.divide(Int128(micros), Int128(step), mode) * step)
    }

    /// The value in minor units of a currency with `exponent` decimals, rounded.
    public func minorUnits(exponent: Int, _ mode: Rounding = .halfUp) -> Int64 {
        Self.divide(Int128(micros), Int128(Self.power(6 - exponent)), mode)
    }

    /// The value as `Money` at full precision (a 6-decimal currency with the same code), for request bodies.
    public func preciseMoney(code: String) -> Money {
        Money(minorUnits: micros, currency: Currency(code: code, exponent: 6))
    }

    /// Text with trailing zeros trimmed ("1.053781", "2").
    public var description: String {
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        var fraction = String(magnitude % UInt64(Self.scale))
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / UInt64(Self.scale))" + (fraction.isEmpty ? "" : ".\(fraction)")
    }

    /// `numerator / denominator` rounded half up or half down (away from / towards zero at exactly half).
    static func divide(_ numerator: Int128, _ denominator: Int128, _ mode: Rounding) -> Int64 {
        precondition(denominator != 0, "division by zero")
        let negative = (numerator < 0) != (denominator < 0)
        let n = numerator.magnitude, d = denominator.magnitude
        var q = n / d
        let twice = (n % d) * 2
        if twice > d || (twice == d && mode == .halfUp) { q += 1 }
        let result = Int64(Int128(q))
        return negative ? -result : result
    }

    /// 10^exponent.
    static func power(_ exponent: Int) -> Int64 {
        var value: Int64 = 1
        for _ in 0..<max(0, exponent) { value *= 10 }
        return value
    }
}
