/// How an exact quotient is rounded to a whole minor unit.
///
/// WooCommerce rounds with PHP's `round()`, which is ``halfUp`` (half away from zero): 0.125 → 0.13 and
/// -0.125 → -0.13. ``halfEven`` (banker's rounding) is offered for stores whose tax authority asks for it.
public enum RoundingRule: Sendable, Hashable, Codable {
    /// Half away from zero, as PHP's `round()` (PHP_ROUND_HALF_UP).
    case halfUp
    /// Half to the even neighbour.
    case halfEven
    /// Half toward zero, as PHP_ROUND_HALF_DOWN.
    case halfDown
    /// Toward zero (truncate).
    case towardZero
    /// Away from zero (ceil of the magnitude).
    case awayFromZero

    /// `value / divisor`, rounded by this rule. `divisor` must be positive.
    public func divide(_ value: Int64, by divisor: Int64) -> Int64 {
        mulDiv(value, 1, divisor)
    }

    /// `value * numerator / denominator` computed exactly in 128 bits and rounded once.
    ///
    /// Traps if the rounded result does not fit in an `Int64` (far beyond any real amount).
    public func mulDiv(_ value: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        precondition(denominator != 0, "division by zero")
        let negative = ((value < 0) != (numerator < 0)) != (denominator < 0)
        let a = value.magnitude, b = numerator.magnitude, d = denominator.magnitude
        let product = a.multipliedFullWidth(by: b)
        precondition(product.high < d, "amount out of range")
        let (quotient, remainder) = d.dividingFullWidth(product)
        var magnitude = quotient
        if remainder != 0 {
            // Compare 2*remainder with d without overflow.
            let twice = remainder.multipliedReportingOverflow(by: 2)
            let comparison: Int = twice.overflow ? 1 : (twice.partialValue > d ? 1 : (twice.partialValue == d ? 0 : -1))
            switch self {
            case .halfUp:
                if comparison >= 0 { magnitude += 1 }
            case .halfDown:
                if comparison > 0 { magnitude += 1 }
            case .halfEven:
                if comparison > 0 || (comparison == 0 && quotient % 2 == 1) { magnitude += 1 }
            case .towardZero:
                break
            case .awayFromZero:
                magnitude += 1
            }
        }
        precondition(magnitude <= UInt64(Int64.max), "amount out of range")
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }
}
