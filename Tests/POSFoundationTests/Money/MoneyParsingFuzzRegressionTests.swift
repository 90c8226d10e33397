import POSFoundation
import Testing

/// Amounts that `scripts/fuzz.sh FuzzInput` found parsed wrongly or crashing.
struct MoneyParsingFuzzRegressionTests {
    /// A digit with a combining mark (`0\u{35F}`) sorts between "0" and "9", so it passed as a digit; its UTF-8
    /// bytes then became a garbage value, and with rounding the remainder overflowed and trapped.
    @Test func parsing_digitWithCombiningMark_throwsNotANumber() {
        // Given
        let texts = ["1\u{301}2.50", "12.5\u{35F}0", "0.956783456780\u{35F}3456826"]
        // When / Then
        for text in texts {
            #expect(throws: MoneyParseError.notANumber(text: text)) {
                try Money(parsing: text, currency: .eur, rounding: .round(.halfUp))
            }
        }
    }

    @Test func exactDecimal_digitWithCombiningMark_throwsNotANumber() {
        // Given
        let text = "19\u{301}.0"
        // When / Then
        #expect(throws: MoneyParseError.notANumber(text: text)) { try ExactDecimal(parsing: text) }
    }
}
