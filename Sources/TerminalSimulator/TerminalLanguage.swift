import POSFoundation

/// The language the simulated terminal prints its slips in. A real terminal's texts are its firmware's, set when it
/// is installed for a country, not the till's catalog: so are these (a German terminal prints "Zahlung erfolgt"
/// and "EUR 2,20", an English one "APPROVED" and "2.20 EUR").
public enum TerminalLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case german = "de"

    /// The language of a POSIX locale name or language code ("de_DE.UTF-8", "de", "en"); English for others.
    public init(localeIdentifier: String) {
        self = localeIdentifier.lowercased().hasPrefix("de") ? .german : .english
    }

    struct Words {
        let payment, refund, reversal, trace, receipt, card, amount, approval, declined, approved, notApproved: String
        let endOfDay, transactions, total: String
    }

    var words: Words {
        switch self {
        case .english:
            Words(payment: "PAYMENT", refund: "REFUND", reversal: "REVERSAL", trace: "Trace", receipt: "Receipt",
                  card: "Card", amount: "Amount", approval: "Approval", declined: "DECLINED", approved: "APPROVED",
                  notApproved: "NOT APPROVED", endOfDay: "END OF DAY", transactions: "Transactions", total: "Total")
        case .german:
            Words(payment: "KARTENZAHLUNG", refund: "GUTSCHRIFT", reversal: "STORNO", trace: "TA-Nr.", receipt: "Beleg-Nr.",
                  card: "Karte", amount: "Betrag", approval: "Genehmigungs-Nr.", declined: "ABGELEHNT",
                  approved: "Zahlung erfolgt", notApproved: "Zahlung nicht erfolgt", endOfDay: "KASSENSCHNITT",
                  transactions: "Anzahl", total: "Summe")
        }
    }

    /// An amount as this terminal prints it: "2.20 EUR" in English, "EUR 2,20" in German.
    func amount(_ money: Money) -> String {
        switch self {
        case .english: return "\(money)"
        case .german:
            let format = MoneyFormat(symbol: money.currency.code, position: .leftSpace, separators: .commaDecimalDotGrouping)
            return money.formatted(format)
        }
    }
}
