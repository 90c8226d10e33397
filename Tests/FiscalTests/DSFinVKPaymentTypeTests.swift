import Testing
@testable import Yosemite

/// DSFinV-K's ZAHLART_TYP by what the terminal reported: debit cards (girocard, Maestro, any "Debit" product) are
/// `ECKarte`, credit cards `Kreditkarte`, other non-cash `Unbar` (DSFinV-K Anhang D).
@Suite("DSFinV-K payment type")
struct DSFinVKPaymentTypeTests {
    @Test("debit cards are ECKarte, even under a credit scheme's name", arguments: [
        "girocard", "Girocard", "Maestro", "Debit Mastercard", "VISA DEBIT", "Visa Debit", "V PAY", "Visa Electron", "EC",
    ])
    func debit(_ brand: String) {
        #expect(FiscalOrderMapping.paymentType(cardBrand: brand) == "ECKarte")
    }

    @Test("credit cards are Kreditkarte", arguments: [
        "VISA", "Mastercard", "MasterCard Credit", "American Express", "AMEX", "Diners Club", "JCB", "Visa Credit",
    ])
    func credit(_ brand: String) {
        #expect(FiscalOrderMapping.paymentType(cardBrand: brand) == "Kreditkarte")
    }

    @Test("an unknown or missing card name is Unbar", arguments: [nil, "", "Karte", "Alipay", "Secretary"] as [String?])
    func unknown(_ brand: String?) {
        #expect(FiscalOrderMapping.paymentType(cardBrand: brand) == "Unbar")
    }
}
