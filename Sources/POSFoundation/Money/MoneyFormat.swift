/// How a store shows amounts to people: symbol, its position, separators.
///
/// Built from WooCommerce's general settings (`woocommerce_currency_pos` is `left`, `right`, `left_space` or
/// `right_space`). The number of decimals is the currency's exponent.
public struct MoneyFormat: Hashable, Sendable, Codable {
    /// Where the symbol stands.
    public enum SymbolPosition: String, Hashable, Sendable, Codable {
        case left, right
        case leftSpace = "left_space"
        case rightSpace = "right_space"
    }

    public var symbol: String
    public var position: SymbolPosition
    public var separators: DecimalSeparators

    public init(symbol: String, position: SymbolPosition, separators: DecimalSeparators) {
        self.symbol = symbol
        self.position = position
        self.separators = separators
    }

    /// "€12.50"-style for a currency with its common symbol, dot decimals and comma grouping.
    public static func standard(for currency: Currency) -> MoneyFormat {
        MoneyFormat(symbol: currency.symbol, position: .left, separators: .dotDecimalCommaGrouping)
    }

    /// Formats an amount: "€1,234.50", "1.234,50 €", "-€3.00".
    public func string(for money: Money) -> String {
        let number = DecimalText.format(
            abs(money.minorUnits),
            exponent: money.currency.exponent,
            decimalSeparator: String(separators.decimal),
            groupingSeparator: separators.grouping.map { String($0) }
        )
        let sign = money.minorUnits < 0 ? "-" : ""
        switch position {
        case .left: return sign + symbol + number
        case .right: return sign + number + symbol
        case .leftSpace: return sign + symbol + " " + number
        case .rightSpace: return sign + number + " " + symbol
        }
    }

    /// Formats the number alone, without symbol: "1,234.50".
    public func number(for money: Money) -> String {
        DecimalText.format(
            money.minorUnits,
            exponent: money.currency.exponent,
            decimalSeparator: String(separators.decimal),
            groupingSeparator: separators.grouping.map { String($0) }
        )
    }
}

extension Money {
    /// The amount as a store shows it.
    public func formatted(_ format: MoneyFormat) -> String { format.string(for: self) }
}
