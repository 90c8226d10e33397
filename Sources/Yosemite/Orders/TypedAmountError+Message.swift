import Localization
import POSFoundation

extension TypedAmountError {
    /// Why the typed text is not read as an amount and what to type instead, in the screen's language, for the
    /// counter's prompts, the shift's amounts and the command line alike ("„1.000“ kann tausend oder eins mit drei
    /// Nachkommastellen heißen: für tausend 1000 schreiben, für eins 1,00.").
    public func message(currency: Currency, separators: DecimalSeparators) -> String {
        switch self {
        case .notAnAmount(let text):
            let example = separators.decimal == "," ? "10,00" : "10.00"
            return L10n.tr("amount.error.notAnAmount", ["text": text, "example": example])
        case .ambiguous(let text):
            let one = separators.decimal == "," ? "1,00" : "1.00"
            return L10n.tr("cli.error.amount.ambiguous", ["text": text, "whole": "1000", "one": one])
        case .tooPrecise(let text, let decimals):
            return L10n.tr("cli.error.amount.tooPrecise", ["text": text, "code": currency.code, "decimals": String(decimals)])
        }
    }
}
