import Foundation
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
            // "1.299" in a store that groups with ".": 1299 without the mark, or 1,299 with the store's decimal mark.
            let body = text.trimmingCharacters(in: .whitespaces)
            let mark = body.first { $0 == "." || $0 == "," } ?? "."
            let whole = body.filter { $0 != mark }
            let parts = body.split(separator: mark, maxSplits: 1, omittingEmptySubsequences: false)
            var fraction = parts.count > 1 ? String(parts[1]) : ""
            // "1.000" read with decimals is one: written with the currency's decimals, "1,00".
            while fraction.count > currency.exponent, fraction.hasSuffix("0") { fraction.removeLast() }
            let decimal = String(parts[0]) + String(separators.decimal) + fraction
            return L10n.tr("cli.error.amount.ambiguous", ["text": text, "mark": String(mark), "whole": whole, "decimal": decimal])
        case .tooPrecise(let text, let decimals):
            return L10n.tr("cli.error.amount.tooPrecise", ["text": text, "code": currency.code, "decimals": String(decimals)])
        }
    }
}
