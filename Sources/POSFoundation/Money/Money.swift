/// An amount of money: a whole number of minor units (cents) in one currency.
///
/// Money is never held in a binary floating-point type: `0.1 + 0.2` must be `0.30`. Amounts from
/// WooCommerce arrive as decimal strings ("12.50") and are parsed exactly with ``init(parsing:currency:separators:rounding:)``.
/// Arithmetic between two amounts of different currencies is a programming error and traps.
///
/// ```swift
/// let price = try Money(parsing: "12.50", currency: .eur)
/// let line = price * 3                   // 37.50 EUR
/// let tax = line.multiplied(byRatio: 19, 100, rounding: .halfUp)   // 7.13 EUR
/// ```
///
/// ## Topics
/// - ``init(parsing:currency:separators:rounding:)``
/// - ``multiplied(byRatio:_:rounding:)``
/// - ``decimalString``
/// - ``formatted(_:)``
public struct Money: Hashable, Sendable, Codable {
    /// The amount in minor units: 1250 is 12.50 in a currency with exponent 2.
    public let minorUnits: Int64
    /// The currency the amount is in.
    public let currency: Currency

    /// Creates an amount from minor units.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in a currency.
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    public var isZero: Bool { minorUnits == 0 }

    /// The absolute amount.
    public var magnitude: Money { Money(minorUnits: minorUnits < 0 ? -minorUnits : minorUnits, currency: currency) }

    /// The same number of minor units counted in another exponent of the same currency, rounding if it loses digits.
    public func rescaled(to target: Currency, rounding: RoundingRule = .halfUp) -> Money {
        precondition(target.code == currency.code, "cannot rescale \(currency.code) to \(target.code)")
        let shift = target.exponent - currency.exponent
        if shift == 0 { return Money(minorUnits: minorUnits, currency: target) }
        if shift > 0 {
            return Money(minorUnits: minorUnits * Decimal10.power(shift), currency: target)
        }
        let divisor = Decimal10.power(-shift)
        return Money(minorUnits: rounding.divide(minorUnits, by: divisor), currency: target)
    }

    // MARK: - Arithmetic

    public static func + (lhs: Money, rhs: Money) -> Money {
        lhs.requireSameCurrency(rhs)
        return Money(minorUnits: lhs.minorUnits + rhs.minorUnits, currency: lhs.currency)
    }

    public static func - (lhs: Money, rhs: Money) -> Money {
        lhs.requireSameCurrency(rhs)
        return Money(minorUnits: lhs.minorUnits - rhs.minorUnits, currency: lhs.currency)
    }

    public static prefix func - (value: Money) -> Money {
        Money(minorUnits: -value.minorUnits, currency: value.currency)
    }

    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }

    /// The amount times a whole quantity (a unit price times the quantity on a line).
    public static func * (lhs: Money, rhs: Int) -> Money {
        Money(minorUnits: lhs.minorUnits * Int64(rhs), currency: lhs.currency)
    }

    public static func * (lhs: Int, rhs: Money) -> Money { rhs * lhs }

    /// The amount times `numerator / denominator`, rounded once at the end.
    ///
    /// The product is computed in 128 bits, so a rate such as 19.0000 % (`190000 / 1000000`) never overflows.
    ///
    /// - Parameters:
    ///   - numerator: The ratio's numerator.
    ///   - denominator: The ratio's denominator; must not be zero.
    ///   - rounding: How to round the exact quotient to a minor unit.
    /// - Returns: The rounded amount in the same currency.
    public func multiplied(byRatio numerator: Int64, _ denominator: Int64, rounding: RoundingRule) -> Money {
        Money(minorUnits: rounding.mulDiv(minorUnits, numerator, denominator), currency: currency)
    }

    /// Sums amounts of one currency; `zero` is the result for an empty list.
    public static func sum(_ amounts: some Sequence<Money>, zero: Money) -> Money {
        amounts.reduce(zero, +)
    }

    private func requireSameCurrency(_ other: Money) {
        precondition(
            currency == other.currency,
            "money of different currencies or exponents: \(currency.code)/\(currency.exponent) and \(other.currency.code)/\(other.currency.exponent)"
        )
    }
}

// MARK: - Comparable

extension Money: Comparable {
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.requireSameCurrency(rhs)
        return lhs.minorUnits < rhs.minorUnits
    }
}

// MARK: - Text

extension Money: CustomStringConvertible {
    /// The amount as WooCommerce's REST API writes it: a dot, exactly `exponent` decimals, no grouping ("1234.50").
    public var decimalString: String {
        DecimalText.format(minorUnits, exponent: currency.exponent, decimalSeparator: ".", groupingSeparator: nil)
    }

    /// "12.50 EUR": unambiguous, for logs and errors.
    public var description: String { "\(decimalString) \(currency.code)" }
}
