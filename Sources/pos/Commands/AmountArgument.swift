import Localization
import POSFoundation
import Yosemite

/// An amount typed on the command line (`--pay cash:10,00`, `--amount 0,50`, `--unit-price 12,99`): the one parser
/// the counter uses too (``Money/init(typed:currency:separators:)``), with the store's separators, so "10,00" and
/// "10.00" both work and "1.000" is refused as ambiguous where "." groups thousands. A refusal is printed and exits
/// 64 (usage).
enum AmountArgument {
    /// Parses `text`; `notAnAmount` is the command's own "not an amount" message.
    static func parse(_ text: String, currency: Currency, separators: DecimalSeparators, notAnAmount: () -> String) throws -> Money {
        do {
            return try Money(typed: text, currency: currency, separators: separators)
        } catch {
            switch error {
            case .notAnAmount: Console.error(notAnAmount())
            case .ambiguous, .tooPrecise: Console.error(error.message(currency: currency, separators: separators))
            }
            throw ExitStatus.usage.exitCode
        }
    }

    /// The separators of the screen's language, for commands that run without a store (a scale on its own).
    static var screenSeparators: DecimalSeparators {
        L10n.tr("cli.amount.decimalSeparator") == "," ? .commaDecimalDotGrouping : .dotDecimalCommaGrouping
    }

    /// An amount for a person where the command has no store at hand (a card reader on its own): the screen's
    /// decimal separator and the currency's code, "1,00 EUR" / "1.00 EUR".
    static func screenText(_ money: Money) -> String {
        money.formatted(MoneyFormat(symbol: money.currency.code, position: .rightSpace,
                                    separators: DecimalSeparators(decimal: screenSeparators.decimal, grouping: nil)))
    }
}
