import Hardware
import POSFoundation
import Testing
@testable import TerminalSimulator

/// The simulated terminal prints its slips in its language, as a terminal installed in a German shop does.
@Suite struct TerminalLanguageTests {
    private func text(_ lines: [ZVTAPDU]) -> String {
        lines.map { String(decoding: $0.data.dropFirst(), as: UTF8.self) }.joined(separator: "\n")
    }

    @Test func slip_german_isGermanWithACommaAmount_english_asBefore() {
        // Given an approved payment of 1.234,50 €
        let ledger = TerminalLedger()
        let transaction = ledger.book(.payment, amount: Money(minorUnits: 123_450, currency: .eur), resultCode: 0, card: .debitMastercard)
        // When the slip is printed in German and in English
        let german = text(ZVTTerminalMessages.slip(transaction, card: .debitMastercard, terminalID: "52500038", language: .german))
        let english = text(ZVTTerminalMessages.slip(transaction, card: .debitMastercard, terminalID: "52500038"))
        // Then
        #expect(german.contains("KARTENZAHLUNG") && german.contains("Betrag EUR 1.234,50") && german.contains("Zahlung erfolgt"))
        #expect(!german.contains("APPROVED") && !german.contains("Amount"))
        #expect(english.contains("PAYMENT") && english.contains("Amount 1234.50 EUR") && english.contains("APPROVED"))
    }

    @Test func endOfDay_german_saysKassenschnitt() {
        let lines = text(ZVTTerminalMessages.endOfDaySlip(total: Money(minorUnits: 440, currency: .eur), count: 2,
                                                          terminalID: "52500038", language: .german))
        #expect(lines == "KASSENSCHNITT\nTID 52500038\nAnzahl 2\nSumme EUR 4,40")
    }

    @Test func language_ofALocale() {
        #expect(TerminalLanguage(localeIdentifier: "de_DE.UTF-8") == .german)
        #expect(TerminalLanguage(localeIdentifier: "en") == .english)
        #expect(TerminalLanguage(localeIdentifier: "fr_FR") == .english)
    }
}
