import POSFoundation
import Testing

/// The one parser of amounts a person types, at the counter and on the command line.
struct MoneyTypedTests {
    static func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static let german: [(String, Int64)] = [
        ("10", 1_000), ("10,00", 1_000), ("10.00", 1_000), ("10,5", 1_050), ("0,50", 50), ("12,99", 1_299),
        ("1.234,56", 123_456), ("1,234.56", 123_456), ("1.000.000", 100_000_000), (" 2,10 ", 210), ("1.5", 150),
    ]
    static let english: [(String, Int64)] = [
        ("10", 1_000), ("10.00", 1_000), ("10,00", 1_000), ("1,234.56", 123_456), ("1.234,56", 123_456),
        ("1,000,000", 100_000_000), ("0.5", 50),
    ]

    @Test(arguments: german)
    func germanStore_acceptsBothDecimalSeparators(text: String, minor: Int64) throws {
        #expect(try Money(typed: text, currency: .eur, separators: .commaDecimalDotGrouping) == Self.eur(minor))
    }

    @Test(arguments: english)
    func englishStore_acceptsBothDecimalSeparators(text: String, minor: Int64) throws {
        #expect(try Money(typed: text, currency: .eur, separators: .dotDecimalCommaGrouping) == Self.eur(minor))
    }

    @Test func oneThousandsSeparatorThenThreeDigits_isAmbiguous() {
        #expect(throws: TypedAmountError.ambiguous(text: "1.000")) {
            try Money(typed: "1.000", currency: .eur, separators: .commaDecimalDotGrouping)
        }
        #expect(throws: TypedAmountError.ambiguous(text: "1,000")) {
            try Money(typed: "1,000", currency: .eur, separators: .dotDecimalCommaGrouping)
        }
    }

    @Test(arguments: ["", "-1", "1e3", "abc", "1,2,3", "1.2.3", "1,00.5.0", ".", ","])
    func notAnAmount_isRefused(text: String) {
        #expect(throws: TypedAmountError.self) {
            try Money(typed: text, currency: .eur, separators: .commaDecimalDotGrouping)
        }
    }

    @Test func moreDecimalsThanTheCurrencyHas_isRefused() {
        #expect(throws: TypedAmountError.tooPrecise(text: "1.005", decimals: 2)) {
            try Money(typed: "1.005", currency: .eur, separators: .dotDecimalCommaGrouping)
        }
    }
}
