import Localization
import POSFoundation

extension MoneyFormat {
    /// The screen language's way of writing money, for text built where the store's format is not at hand (the
    /// checkout's refusals, an order error, a command run without a store): German "1.234,50 €", English "€1,234.50".
    /// Everything that has the store's settings formats with the store's ``StoreSettings/moneyFormat`` instead.
    public static func screen(for currency: Currency) -> MoneyFormat {
        switch L10n.screen.language {
        case .german: MoneyFormat(symbol: currency.symbol, position: .rightSpace, separators: .commaDecimalDotGrouping)
        case .english: MoneyFormat(symbol: currency.symbol, position: .left, separators: .dotDecimalCommaGrouping)
        }
    }
}

extension Money {
    /// The amount in ``MoneyFormat/screen(for:)``: "1,70 €" on a German screen, "€1.70" on an English one.
    public var screenText: String { formatted(.screen(for: currency)) }

    /// The amount as a person types it on this screen, without symbol or grouping: "1,70" / "1.70" (for the
    /// "type at least this" hints).
    public var screenTyped: String {
        let decimal = MoneyFormat.screen(for: currency).separators.decimal
        return formatted(MoneyFormat(symbol: "", position: .left, separators: DecimalSeparators(decimal: decimal, grouping: nil)))
    }
}
