/// Why a text is not an amount.
public enum MoneyParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was given (WooCommerce sends "" for a missing price).
    case empty
    /// The text is not a decimal number.
    case notANumber(text: String)
    /// Thousands separators stand where they cannot ("12,34").
    case misplacedGrouping(text: String)
    /// More non-zero decimals than the currency has, and the parse was exact.
    case tooPrecise(text: String, decimals: Int)
    /// The amount does not fit in 64 bits of minor units.
    case outOfRange(text: String)

    public var description: String {
        switch self {
        case .empty: "no amount given"
        case .notANumber(let text): "\"\(text)\" is not an amount"
        case .misplacedGrouping(let text): "\"\(text)\" has a thousands separator in the wrong place"
        case .tooPrecise(let text, let decimals): "\"\(text)\" has more than \(decimals) decimals"
        case .outOfRange(let text): "\"\(text)\" is too large"
        }
    }
}

/// What to do with decimals beyond the currency's exponent.
public enum ParseRounding: Sendable, Hashable {
    /// Refuse them unless they are zeros ("12.500" is fine in EUR, "12.505" throws).
    case exact
    /// Round them by a rule (WooCommerce stores prices with more decimals than it shows).
    case round(RoundingRule)
}

extension Money {
    /// Parses a decimal amount exactly: "12.50", "0.1", "1,234.5", "-3", ".5".
    ///
    /// - Parameters:
    ///   - text: The amount; surrounding white space and a leading sign are allowed.
    ///   - currency: The currency; its exponent sets how many decimals count.
    ///   - separators: How the text writes decimals and thousands; ``DecimalSeparators/api`` for REST values.
    ///   - rounding: ``ParseRounding/exact`` (default) throws on extra non-zero decimals.
    /// - Throws: ``MoneyParseError``.
    public init(
        parsing text: String,
        currency: Currency,
        separators: DecimalSeparators = .api,
        rounding: ParseRounding = .exact
    ) throws(MoneyParseError) {
        let parsed = try DecimalText.parse(text, separators: separators)
        let exponent = currency.exponent
        var fraction = parsed.fraction
        var extra = ""
        if fraction.count > exponent {
            extra = String(fraction.dropFirst(exponent))
            fraction = String(fraction.prefix(exponent))
        } else {
            fraction += String(repeating: "0", count: exponent - fraction.count)
        }
        let truncated = try DecimalText.integer(from: parsed.integer + fraction, text: text)
        var magnitude = truncated
        if extra.contains(where: { $0 != "0" }) {
            switch rounding {
            case .exact:
                throw MoneyParseError.tooPrecise(text: text, decimals: exponent)
            case .round(let rule):
                // Round using the extra digits as a fraction of one minor unit (at most 17 digits are kept).
                let kept = String(extra.prefix(17))
                let remainder = try DecimalText.integer(from: kept, text: text)
                let scale = Decimal10.power(kept.count)
                let increment = Money.roundingIncrement(rule, remainder: remainder, scale: scale, truncated: truncated)
                guard truncated < Int64.max else { throw MoneyParseError.outOfRange(text: text) }
                magnitude = truncated + increment
            }
        }
        self.init(minorUnits: parsed.negative ? -magnitude : magnitude, currency: currency)
    }

    /// 0 or 1: whether the dropped digits (`remainder / scale` of a minor unit) round the magnitude up.
    private static func roundingIncrement(_ rule: RoundingRule, remainder: Int64, scale: Int64, truncated: Int64) -> Int64 {
        guard remainder != 0 else { return 0 }
        let twice = remainder * 2
        switch rule {
        case .towardZero: return 0
        case .awayFromZero: return 1
        case .halfUp: return twice >= scale ? 1 : 0
        case .halfDown: return twice > scale ? 1 : 0
        case .halfEven: return twice > scale || (twice == scale && truncated % 2 == 1) ? 1 : 0
        }
    }
}
