import POSFoundation
import POSFoundationTestSupport
import Testing

struct MoneyFormattingTests {
    @Test func decimalString_alwaysDotAndExponentDecimals() {
        #expect(Money.eur("1234.5").decimalString == "1234.50")
        #expect(Money.eur("-0.05").decimalString == "-0.05")
        #expect(Money(minorUnits: 1000, currency: .jpy).decimalString == "1000")
        #expect(Money(minorUnits: 5, currency: .kwd).decimalString == "0.005")
        #expect(Money.eur("12.50").description == "12.50 EUR")
    }

    @Test(arguments: [
        (MoneyFormat.SymbolPosition.left, "€1,234.50"), (.right, "1,234.50€"), (.leftSpace, "€ 1,234.50"),
        (.rightSpace, "1,234.50 €"),
    ])
    func formatted_symbolPositions(position: MoneyFormat.SymbolPosition, expected: String) {
        let format = MoneyFormat(symbol: "€", position: position, separators: .dotDecimalCommaGrouping)
        #expect(Money.eur("1234.50").formatted(format) == expected)
    }

    @Test func formatted_germanStore_negative() {
        let format = MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping)
        #expect(Money.eur("-1234567.8").formatted(format) == "-1.234.567,80 €")
        #expect(format.number(for: Money.eur("0.5")) == "0,50")
    }

    @Test func formatted_thenParsed_roundTrips() throws {
        let format = MoneyFormat(symbol: "", position: .left, separators: .commaDecimalDotGrouping)
        for minor in [Int64(0), 1, 99, 100, 123_456, 99_999_999] {
            let money = Money(minorUnits: minor, currency: .eur)
            let text = format.string(for: money)
            #expect(try Money(parsing: text, currency: .eur, separators: format.separators) == money)
        }
    }
}
