import POSFoundation
import Testing

struct MoneyParsingTests {
    @Test(arguments: [
        ("12.50", Int64(1250)), ("0.1", 10), ("1,234.5", 123_450), ("-3", -300), (".5", 50), ("5.", 500),
        ("  7.00 ", 700), ("+2.25", 225), ("0", 0), ("-0.01", -1), ("12.500", 1250), ("000012.5", 1250),
        ("1,234,567.89", 123_456_789),
    ])
    func parse_englishSeparators_givesExactMinorUnits(text: String, expected: Int64) throws {
        // Given / When
        let money = try Money(parsing: text, currency: .eur, separators: .dotDecimalCommaGrouping)
        // Then
        #expect(money.minorUnits == expected)
        #expect(money.currency == .eur)
    }

    @Test func parse_apiSeparators_acceptsWooCommerceStrings() throws {
        #expect(try Money(parsing: "12.50", currency: .eur).minorUnits == 1250)
        #expect(try Money(parsing: "0.10", currency: .usd).minorUnits == 10)
        #expect(try Money(parsing: "1000", currency: .jpy).minorUnits == 1000)
        #expect(try Money(parsing: "1.250", currency: .kwd).minorUnits == 1250)
    }

    @Test func parse_germanSeparators_readsCommaAsDecimal() throws {
        let money = try Money(parsing: "1.234,56", currency: .eur, separators: .commaDecimalDotGrouping)
        #expect(money.minorUnits == 123_456)
    }

    @Test(arguments: ["", "   ", "abc", "1.2.3", "12,34", "1,23,456.00", "--1", "1e3", "12.5x", "€12", "-", "."])
    func parse_malformedText_throws(text: String) {
        #expect(throws: MoneyParseError.self) {
            _ = try Money(parsing: text, currency: .eur, separators: .dotDecimalCommaGrouping)
        }
    }

    @Test func parse_emptyText_throwsEmpty() {
        #expect(throws: MoneyParseError.empty) { _ = try Money(parsing: "", currency: .eur) }
    }

    @Test func parse_tooManyDecimals_exact_throwsTooPrecise() {
        #expect(throws: MoneyParseError.tooPrecise(text: "12.505", decimals: 2)) {
            _ = try Money(parsing: "12.505", currency: .eur)
        }
    }

    @Test(arguments: [
        ("12.505", RoundingRule.halfUp, Int64(1251)), ("12.505", .halfEven, 1250), ("12.515", .halfEven, 1252),
        ("-12.505", .halfUp, -1251), ("12.5049999", .halfUp, 1250), ("12.501", .towardZero, 1250),
        ("12.501", .awayFromZero, 1251), ("12.505", .halfDown, 1250), ("0.005", .halfUp, 1),
    ])
    func parse_tooManyDecimals_rounding_roundsOnce(text: String, rule: RoundingRule, expected: Int64) throws {
        let money = try Money(parsing: text, currency: .eur, rounding: .round(rule))
        #expect(money.minorUnits == expected)
    }

    @Test func parse_overflow_throwsOutOfRange() {
        #expect(throws: MoneyParseError.outOfRange(text: "99999999999999999999")) {
            _ = try Money(parsing: "99999999999999999999", currency: .eur)
        }
    }

    @Test func parse_largestAmount_fits() throws {
        let money = try Money(parsing: "92233720368547758.07", currency: .eur)
        #expect(money.minorUnits == Int64.max)
    }

    @Test func parse_sameSeparatorForBoth_treatsItAsDecimal() throws {
        let separators = DecimalSeparators(decimal: ",", grouping: ",")
        #expect(separators.grouping == nil)
        #expect(try Money(parsing: "3,5", currency: .eur, separators: separators).minorUnits == 350)
    }

    @Test func parseExactDecimal_taxRate_keepsAllDigits() throws {
        let rate = try ExactDecimal(parsing: "19.0000")
        #expect(rate.significand == 19 && rate.scale == 0)
        let odd = try ExactDecimal(parsing: "7.125")
        #expect(odd.significand == 7125 && odd.scale == 3)
        #expect(odd.description == "7.125")
        #expect(try ExactDecimal(parsing: "-0.50").description == "-0.5")
    }

    /// The one-pass reading of plain API numbers gives what the general parser gives, and leaves every other
    /// shape to it (its errors included).
    @Test(arguments: [
        ("12.50", 125, 1), ("0.075", 75, 3), ("100", 100, 0), ("100.000", 100, 0), ("-3", -3, 0), ("-0", 0, 0),
        ("5.", 5, 0), (".5", 5, 1), ("007.10", 71, 1), ("+4.20", 42, 1), (" 12.5 ", 125, 1), ("0.000000000001", 1, 12),
        ("9223372036854775807", Int64.max, 0), ("1.0000000000000000000", 1, 0),
    ] as [(String, Int64, Int)])
    func parseExactDecimal_plainAndOtherShapes_readTheSame(text: String, significand: Int64, scale: Int) throws {
        let value = try ExactDecimal(parsing: text)
        #expect(value.significand == significand && value.scale == scale, "\(text)")
    }

    @Test(arguments: ["", ".", "-", "1.2.3", "12a", "0.0000000000001", "9223372036854775808", "1,5", "--1"])
    func parseExactDecimal_notAPlainNumber_isRefused(text: String) {
        #expect(throws: MoneyParseError.self, "\(text)") { try ExactDecimal(parsing: text) }
    }
}
