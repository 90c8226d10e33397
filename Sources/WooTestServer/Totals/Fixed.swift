import Foundation

/// An exact decimal amount in millionths (WooCommerce's 6-digit rounding precision), never a `Double`.
///
/// Six digits are `num_decimals + 4` for a two-decimal store, the precision WooCommerce keeps taxes and
/// line totals at (`wc_get_rounding_precision()`) before it rounds for display.
public struct Fixed: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The value times 10^6.
    public var micros: Int64

    /// The scale of ``micros``.
    public static let scale: Int64 = 1_000_000
    /// Zero.
    public static let zero = Fixed(micros: 0)

    /// A value from millionths.
    public init(micros: Int64) { self.micros = micros }

    /// A whole number.
    public init(integer: Int64) { self.micros = integer * Fixed.scale }

    /// How a value is rounded to fewer decimals.
    public enum Rounding: Sendable {
        /// Half away from zero (PHP `round`, `PHP_ROUND_HALF_UP`).
        case halfUp
        /// Half towards zero (`PHP_ROUND_HALF_DOWN`, used for taxes in tax-inclusive stores).
        case halfDown
    }

    /// Parses `"12"`, `"12.5"`, `"-0.25"`, `"1e2"`-free decimal text; digits past the sixth are rounded half up.
    public init?(parsing text: String) {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if s.first == "-" { negative = true; s = s.dropFirst() } else if s.first == "+" { s = s.dropFirst() }
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.count <= 10, (parts.count == 2 || !whole.isEmpty),
              whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber), !(whole.isEmpty && fraction.isEmpty)
        else { return nil }
        var roundUp = false
        if fraction.count > 6 {
            roundUp = fraction[fraction.index(fraction.startIndex, offsetBy: 6)] >= "5"
            fraction = fraction.prefix(6)
        }
        let padded = fraction + String(repeating: "0", count: 6 - fraction.count)
        guard let w = Int64(whole.isEmpty ? "0" : whole), let f = Int64(padded) else { return nil }
        var value = w * Fixed.scale + f + (roundUp ? 1 : 0)
        if negative { value = -value }
        self.micros = value
    }

    // Arithmetic saturates instead of trapping: hostile inputs give nonsense amounts, never a crashed server.

    public static func < (lhs: Fixed, rhs: Fixed) -> Bool { lhs.micros < rhs.micros }
    public static func + (lhs: Fixed, rhs: Fixed) -> Fixed { Fixed(micros: saturatingAdd(lhs.micros, rhs.micros)) }
    public static func - (lhs: Fixed, rhs: Fixed) -> Fixed { lhs + (-rhs) }
    public static func += (lhs: inout Fixed, rhs: Fixed) { lhs = lhs + rhs }
    public static func -= (lhs: inout Fixed, rhs: Fixed) { lhs = lhs - rhs }
    public static prefix func - (value: Fixed) -> Fixed {
        Fixed(micros: value.micros == .min ? .max : -value.micros)
    }

    /// This amount times a whole quantity.
    public func times(_ quantity: Int64) -> Fixed { Fixed(micros: Fixed.saturatingProduct(micros, quantity)) }

    /// `a + b`, clamped to the Int64 range.
    static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a × b`, clamped to the Int64 range.
    static func saturatingProduct(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) == (b < 0) ? .max : .min) : product
    }

    /// `self × numerator / denominator`, rounded half up at 6 decimals (Int128 in between, no overflow).
    public func scaled(by numerator: Int64, over denominator: Int64) -> Fixed {
        Fixed(micros: Fixed.divide(Int128(micros) * Int128(numerator), Int128(denominator)))
    }

    /// Rounds `numerator / denominator` half away from zero.
    static func divide(_ numerator: Int128, _ denominator: Int128) -> Int64 {
        guard denominator != 0 else { return 0 }
        let negative = (numerator < 0) != (denominator < 0)
        let n = numerator.magnitude, d = denominator.magnitude
        var q = n / d
        if (n % d) * 2 >= d { q += 1 }
        let result = Int64(clamping: Int128(q))
        return negative ? -result : result
    }

    /// This value rounded to `decimals` places (0…6).
    public func rounded(_ decimals: Int, _ mode: Rounding = .halfUp) -> Fixed {
        let step = Fixed.power(6 - max(0, min(6, decimals)))
        let magnitude = micros.magnitude
        let remainder = magnitude % UInt64(step)
        var base = magnitude - remainder
        let twice = remainder * 2
        if twice > UInt64(step) || (twice == UInt64(step) && mode == .halfUp) { base += UInt64(step) }
        let clamped = Int64(clamping: base)
        return Fixed(micros: micros < 0 ? -clamped : clamped)
    }

    /// Text with exactly `decimals` places, as WooCommerce sends amounts (`"12.50"`).
    public func formatted(_ decimals: Int) -> String {
        let d = max(0, min(6, decimals))
        let value = rounded(d)
        let magnitude = value.micros.magnitude
        let whole = magnitude / UInt64(Fixed.scale)
        let fraction = (magnitude % UInt64(Fixed.scale)) / UInt64(Fixed.power(6 - d))
        let sign = value.micros < 0 ? "-" : ""
        guard d > 0 else { return "\(sign)\(whole)" }
        let digits = String(fraction)
        return "\(sign)\(whole).\(String(repeating: "0", count: d - digits.count))\(digits)"
    }

    /// Text with trailing zeros trimmed (`"1.2"`, `"2"`), as WooCommerce prints per-rate tax amounts.
    public var trimmed: String {
        var text = formatted(6)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    public var description: String { trimmed }

    static func power(_ exponent: Int) -> Int64 {
        var value: Int64 = 1
        for _ in 0..<max(0, exponent) { value *= 10 }
        return value
    }
}
