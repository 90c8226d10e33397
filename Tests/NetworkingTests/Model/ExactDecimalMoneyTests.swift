import Networking
import POSFoundation
import Testing

/// `ExactDecimal.money(in:)` scales the significand when no digit lies beyond the currency's exponent, and parses
/// its text with rounding otherwise: both must give what parsing the text gives.
struct ExactDecimalMoneyTests {
    static let texts = ["0", "12.5", "12.50", "-3", "-0.07", "0.075", "9.999", "-9.995", "1234567.89", "0.005",
                        "92233720368547758.07", "9223372036854775.807", "922337203685477580", "100000000000000000"]

    @Test(arguments: texts, [Currency.eur, .jpy, .kwd, Currency(code: "EUR", exponent: 0)])
    func money_equalsParsingTheTextWithHalfUpRounding(_ text: String, _ currency: Currency) throws {
        let decimal = try ExactDecimal(parsing: text)
        let expected = try? Money(parsing: decimal.description, currency: currency, rounding: .round(.halfUp))
        #expect(decimal.money(in: currency) == expected)
    }
}
