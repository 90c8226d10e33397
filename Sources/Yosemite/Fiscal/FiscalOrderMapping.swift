import Foundation
import POSFoundation
import Storage

/// How a stored order becomes what the TSE signs and what DSFinV-K records: each line's VAT rate (from its tax
/// line's rate), gross amounts per rate, and payments as cash or non-cash.
enum FiscalOrderMapping {
    /// The German VAT rate of a line: the rate of its first tax line, 0 % when it has none. A rate that is not
    /// one of the five falls back to the standard rate (and the export says which rate it used).
    static func rate(of line: OrderLineRecord, taxes: [OrderTaxRecord]) -> FiscalVATRate {
        guard let tax = line.taxes.first(where: { $0.total != 0 || $0.subtotal != 0 }) ?? line.taxes.first,
              let record = taxes.first(where: { $0.rateId == tax.rateId }) else { return .zero }
        return rate(percent: record.ratePercent) ?? .normal
    }

    /// "19.0000" → 19 %.
    static func rate(percent text: String) -> FiscalVATRate? {
        guard let value = Decimal(string: text) else { return nil }
        let basisPoints = NSDecimalNumber(decimal: value * 100).intValue
        return FiscalVATRate(basisPoints: basisPoints)
    }

    /// A line's gross amount after discounts (what the customer pays for it), in minor units.
    static func gross(_ line: OrderLineRecord) -> Int64 { line.total + line.totalTax }

    /// DSFinV-K's ZAHLART_TYP for a card payment, from the card name the terminal reported (the payment's
    /// `cardBrand`, e.g. `Debit Mastercard`, `girocard`, `VISA`). DSFinV-K (Anhang D) reads `ECKarte` as any
    /// debit card (girocard, Maestro, …), `Kreditkarte` as a credit card, and `Unbar` as non-cash not told apart.
    /// A debit product is named so even under a credit scheme's name (`Debit Mastercard`, `Visa Debit`, V PAY,
    /// Visa Electron), so debit is looked for first; a bare scheme name (`VISA`, `Mastercard`, Amex, Diners,
    /// JCB) or the word credit is a credit card; anything else (or no name) is `Unbar`.
    static func paymentType(cardBrand: String?) -> String {
        guard let brand = cardBrand?.lowercased(), !brand.isEmpty else { return "Unbar" }
        let words = brand.split(whereSeparator: { !$0.isLetter }).map(String.init)
        let debit = ["girocard", "maestro", "debit", "electron", "vpay"]
        if debit.contains(where: { brand.contains($0) }) || brand.contains("v pay") || words.contains("ec")
            || brand.contains("ec-karte") || brand.contains("eckarte") {
            return "ECKarte"
        }
        let credit = ["credit", "kredit", "visa", "master", "amex", "american express", "diners", "jcb"]
        if credit.contains(where: { brand.contains($0) }) { return "Kreditkarte" }
        return "Unbar"
    }

    /// The DSFinV-K payment of a card payment: its type from the card name, the name itself (`Karte` when the
    /// terminal named none).
    static func cardPayment(cardBrand: String?, amount: Money) -> DSFinVKExport.Payment {
        DSFinVKExport.Payment(type: paymentType(cardBrand: cardBrand), name: cardBrand ?? "Karte", amount: amount)
    }

    /// The DSFinV-K payment of a card refund: the money goes back to the card the sale was paid with, so it keeps
    /// the type and name of the sale's card payment (the largest, when it had several cards), and the export's
    /// totals per payment type agree with the Z report's.
    static func refundCardPayment(salePayments: [PaymentRecord], amount: Money) -> DSFinVKExport.Payment {
        let card = salePayments.filter { $0.method == .card }.max { $0.amount < $1.amount }
        return cardPayment(cardBrand: card?.cardBrand, amount: amount)
    }

    /// The receipt data the TSE signs for a completed order.
    static func receiptData(lines: [OrderLineRecord], taxes: [OrderTaxRecord], payments: [PaymentRecord],
                            currency: Currency, type: FiscalReceiptType = .beleg) -> FiscalReceiptData {
        var perRate: [FiscalVATRate: Money] = [:]
        for line in lines {
            let rate = rate(of: line, taxes: taxes)
            let sum = (perRate[rate]?.minorUnits ?? 0) + gross(line)
            perRate[rate] = Money(minorUnits: sum, currency: currency)
        }
        let fiscalPayments = payments.map { payment in
            FiscalPayment(kind: payment.method == .cash ? .cash : .nonCash, amount: payment.amountMoney)
        }
        return FiscalReceiptData(type: type, amountsPerVATRate: perRate, payments: fiscalPayments)
    }
}
