import Hardware
import POSFoundation
import Testing

/// Card numbers and expiry dates in terminal text are masked on arrival; other numbers on a slip are left alone.
@Suite struct CardDataRedactorTests {
    @Test(arguments: [
        ("Card 5413330089010434", "Card ************0434"),
        ("PAN 5413 3300 8901 0434", "PAN **** **** **** 0434"),
        ("4761-7390-0101-0010", "****-****-****-0010"),
        ("541333******0434", "************0434"),
        ("5413330089XXXX34", "************XX34"),
        ("girocard 6799998900000000010", "girocard ***************0010"),
    ])
    func redact_cardNumbers_keepOnlyTheLastFour(line: String, expected: String) {
        #expect(CardDataRedactor.redact(line) == expected)
    }

    @Test(arguments: [
        ("EXP 12/28", "EXP **/**"),
        ("Gueltig bis 2812", "Gueltig bis ****"),
        ("Verfall 12.28", "Verfall **.**"),
        ("valid thru 12/2028", "valid thru **/****"),
        ("12/28", "**/**"),
    ])
    func redact_expiryDates_areMasked(line: String, expected: String) {
        #expect(CardDataRedactor.redact(line) == expected)
    }

    @Test(arguments: [
        "TID 52500038   Trace 12", "Receipt 4711", "Amount 12.50 EUR", "21/11/2026 22:30", "Date 21.11.26",
        "VU 455600000001", "Approval 100084", "AID A0000000041010", "1234567890123", "************0434",
    ])
    func redact_otherSlipNumbers_areLeftAlone(line: String) {
        #expect(CardDataRedactor.redact(line) == line)
    }

    @Test func terminalPrintLine_andPaymentResult_maskOnCreation() {
        // Given / When
        let line = TerminalPrintLine(text: "Card 5413330089010434 EXP 12/28")
        let result = PaymentResult(amount: .init(minorUnits: 100, currency: .eur), slipLines: ["4761739001010010"])
        // Then
        #expect(line.text == "Card ************0434 EXP **/**")
        #expect(result.slipLines == ["************0010"])
    }
}
